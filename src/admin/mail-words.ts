import { addWords } from './i18n.ts';

/*
 * The words of the e-mail outbox screen (decisions 0112, 0113): imported by that screen's module
 * only, so they load with it. Every language lists every word (the type says so).
 */

const EN = {
  mailOff: 'E-mail is off',
  mailOffHint:
    'CALENDAR_SMTP_URL is not set: messages are kept here as not sent, and are never sent later unless you ask. Set CALENDAR_SMTP_URL and CALENDAR_MAIL_FROM to send e-mail.',
  mailOn:
    'E-mail is on: messages go through the SMTP server, and are retried for about 16 hours when it does not answer.',
  mailFilter: 'Messages by status',
  mailAll: 'All',
  mailPending: 'Waiting',
  mailSent: 'Sent',
  mailFailed: 'Failed',
  mailKept: 'Not sent: e-mail off',
  mailNone: 'No messages.',
  mailRecipient: 'To',
  mailSubject: 'Subject',
  mailAttempts: 'Attempts',
  mailLastError: 'Last error',
  mailWritten: 'Written',
  mailSentAt: 'Sent at',
  mailRetry: 'Send again',
  mailRetryTitle: 'Send again to {to}',
  mailRetried: 'Queued again: {to}.',
  mailTestTo: 'Send a test message to',
  mailTestSend: 'Send test message',
  mailTestQueued: 'Test message queued for {to}.',
};

export type MailWordKey = keyof typeof EN;
type Words = Readonly<Record<MailWordKey, string>>;

const FR: Words = {
  mailOff: 'L’envoi d’e-mails est désactivé',
  mailOffHint:
    'CALENDAR_SMTP_URL n’est pas défini : les messages sont gardés ici, non envoyés, et ne partiront jamais sans que vous le demandiez. Définissez CALENDAR_SMTP_URL et CALENDAR_MAIL_FROM pour envoyer des e-mails.',
  mailOn:
    'L’envoi d’e-mails est actif : les messages passent par le serveur SMTP et sont réessayés pendant environ 16 heures s’il ne répond pas.',
  mailFilter: 'Messages par état',
  mailAll: 'Tous',
  mailPending: 'En attente',
  mailSent: 'Envoyés',
  mailFailed: 'En échec',
  mailKept: 'Non envoyé : e-mails désactivés',
  mailNone: 'Aucun message.',
  mailRecipient: 'À',
  mailSubject: 'Objet',
  mailAttempts: 'Essais',
  mailLastError: 'Dernière erreur',
  mailWritten: 'Écrit',
  mailSentAt: 'Envoyé le',
  mailRetry: 'Renvoyer',
  mailRetryTitle: 'Renvoyer à {to}',
  mailRetried: 'Remis en file : {to}.',
  mailTestTo: 'Envoyer un message de test à',
  mailTestSend: 'Envoyer le message de test',
  mailTestQueued: 'Message de test mis en file pour {to}.',
};

const DE: Words = {
  mailOff: 'E-Mail ist aus',
  mailOffHint:
    'CALENDAR_SMTP_URL ist nicht gesetzt: Nachrichten bleiben hier ungesendet und werden nie ungefragt später gesendet. Setzen Sie CALENDAR_SMTP_URL und CALENDAR_MAIL_FROM, um E-Mails zu senden.',
  mailOn:
    'E-Mail ist an: Nachrichten gehen über den SMTP-Server und werden etwa 16 Stunden lang erneut versucht, wenn er nicht antwortet.',
  mailFilter: 'Nachrichten nach Status',
  mailAll: 'Alle',
  mailPending: 'Wartend',
  mailSent: 'Gesendet',
  mailFailed: 'Fehlgeschlagen',
  mailKept: 'Nicht gesendet: E-Mail aus',
  mailNone: 'Keine Nachrichten.',
  mailRecipient: 'An',
  mailSubject: 'Betreff',
  mailAttempts: 'Versuche',
  mailLastError: 'Letzter Fehler',
  mailWritten: 'Geschrieben',
  mailSentAt: 'Gesendet am',
  mailRetry: 'Erneut senden',
  mailRetryTitle: 'Erneut an {to} senden',
  mailRetried: 'Erneut eingereiht: {to}.',
  mailTestTo: 'Testnachricht senden an',
  mailTestSend: 'Testnachricht senden',
  mailTestQueued: 'Testnachricht für {to} eingereiht.',
};

const ES: Words = {
  mailOff: 'El correo está desactivado',
  mailOffHint:
    'CALENDAR_SMTP_URL no está definido: los mensajes se guardan aquí sin enviar y nunca se envían más tarde sin que lo pida. Defina CALENDAR_SMTP_URL y CALENDAR_MAIL_FROM para enviar correo.',
  mailOn:
    'El correo está activado: los mensajes pasan por el servidor SMTP y se reintentan durante unas 16 horas si no responde.',
  mailFilter: 'Mensajes por estado',
  mailAll: 'Todos',
  mailPending: 'En espera',
  mailSent: 'Enviados',
  mailFailed: 'Fallidos',
  mailKept: 'No enviado: correo desactivado',
  mailNone: 'No hay mensajes.',
  mailRecipient: 'Para',
  mailSubject: 'Asunto',
  mailAttempts: 'Intentos',
  mailLastError: 'Último error',
  mailWritten: 'Escrito',
  mailSentAt: 'Enviado el',
  mailRetry: 'Enviar de nuevo',
  mailRetryTitle: 'Enviar de nuevo a {to}',
  mailRetried: 'En cola de nuevo: {to}.',
  mailTestTo: 'Enviar un mensaje de prueba a',
  mailTestSend: 'Enviar mensaje de prueba',
  mailTestQueued: 'Mensaje de prueba en cola para {to}.',
};

addWords({ en: EN, fr: FR, de: DE, es: ES });
