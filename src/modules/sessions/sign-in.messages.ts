import { wordsIn, type LanguageCode, type WordsByLanguage } from '../../languages.ts';

/*
 * The words of the admin's sign-in page, in the languages the public pages speak (decision 0040);
 * a language without its own list falls back to English, as the pages' words do.
 */

export interface SignInMessages {
  readonly title: string;
  readonly login: string;
  readonly password: string;
  readonly submit: string;
  readonly wrong: string;
  /** `{seconds}` is replaced by the wait. */
  readonly throttled: string;
  readonly foreignOrigin: string;
  readonly signOutFailed: string;
  /** The first administrator's setup page (decision 0097). */
  readonly setupTitle: string;
  readonly setupIntro: string;
  readonly setupLogin: string;
  readonly setupEmail: string;
  readonly setupPassword: string;
  readonly setupSubmit: string;
  readonly setupUsersExist: string;
  readonly setupLinkDead: string;
  readonly setupNotLoopback: string;
}

const EN: SignInMessages = {
  title: 'Sign in',
  login: 'Username or email',
  password: 'Password',
  submit: 'Sign in',
  wrong: 'The username, email or password is not right.',
  throttled: 'Too many failed sign-ins. Try again in {seconds} seconds.',
  foreignOrigin: 'This form can only be sent from this site.',
  signOutFailed: 'You could not be signed out: reload the admin and try again.',
  setupTitle: 'Create the administrator',
  setupIntro: 'This calendar has no users yet. Choose the login, e-mail address and password of its administrator.',
  setupLogin: 'Username',
  setupEmail: 'Email',
  setupPassword: 'Password (at least 8 characters)',
  setupSubmit: 'Create and sign in',
  setupUsersExist: 'This calendar has an administrator already: sign in instead.',
  setupLinkDead:
    'This setup link has expired or was used. Restart the server for a new one, or create the administrator with "npm run cli -- user create".',
  setupNotLoopback:
    'This setup link works only from the server itself (a loopback address) unless CALENDAR_SETUP_FROM_ANYWHERE=true.',
};

const FR: SignInMessages = {
  title: 'Connexion',
  login: 'Identifiant ou adresse e-mail',
  password: 'Mot de passe',
  submit: 'Se connecter',
  wrong: "L'identifiant, l'adresse e-mail ou le mot de passe est incorrect.",
  throttled: 'Trop de tentatives de connexion échouées. Réessayez dans {seconds} secondes.',
  foreignOrigin: 'Ce formulaire ne peut être envoyé que depuis ce site.',
  signOutFailed: "La déconnexion a échoué : rechargez l'administration et réessayez.",
  setupTitle: "Créer l'administrateur",
  setupIntro:
    "Ce calendrier n'a pas encore d'utilisateur. Choisissez l'identifiant, l'adresse e-mail et le mot de passe de son administrateur.",
  setupLogin: 'Identifiant',
  setupEmail: 'Adresse e-mail',
  setupPassword: 'Mot de passe (8 caractères au moins)',
  setupSubmit: 'Créer et se connecter',
  setupUsersExist: 'Ce calendrier a déjà un administrateur : connectez-vous.',
  setupLinkDead:
    "Ce lien de configuration a expiré ou a déjà servi. Redémarrez le serveur pour en obtenir un autre, ou créez l'administrateur avec « npm run cli -- user create ».",
  setupNotLoopback:
    'Ce lien de configuration ne fonctionne que depuis le serveur lui-même (une adresse de bouclage), sauf avec CALENDAR_SETUP_FROM_ANYWHERE=true.',
};

const DE: SignInMessages = {
  title: 'Anmelden',
  login: 'Benutzername oder E-Mail-Adresse',
  password: 'Passwort',
  submit: 'Anmelden',
  wrong: 'Benutzername, E-Mail-Adresse oder Passwort ist nicht richtig.',
  throttled: 'Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in {seconds} Sekunden erneut.',
  foreignOrigin: 'Dieses Formular kann nur von dieser Website gesendet werden.',
  signOutFailed: 'Die Abmeldung ist fehlgeschlagen: Laden Sie die Verwaltung neu und versuchen Sie es erneut.',
  setupTitle: 'Administrator anlegen',
  setupIntro:
    'Dieser Kalender hat noch keine Benutzer. Wählen Sie Benutzername, E-Mail-Adresse und Passwort seines Administrators.',
  setupLogin: 'Benutzername',
  setupEmail: 'E-Mail-Adresse',
  setupPassword: 'Passwort (mindestens 8 Zeichen)',
  setupSubmit: 'Anlegen und anmelden',
  setupUsersExist: 'Dieser Kalender hat bereits einen Administrator: Melden Sie sich an.',
  setupLinkDead:
    'Dieser Einrichtungslink ist abgelaufen oder wurde schon benutzt. Starten Sie den Server neu, um einen neuen zu erhalten, oder legen Sie den Administrator mit „npm run cli -- user create“ an.',
  setupNotLoopback:
    'Dieser Einrichtungslink funktioniert nur auf dem Server selbst (einer Loopback-Adresse), außer mit CALENDAR_SETUP_FROM_ANYWHERE=true.',
};

const ES: SignInMessages = {
  title: 'Iniciar sesión',
  login: 'Nombre de usuario o correo electrónico',
  password: 'Contraseña',
  submit: 'Iniciar sesión',
  wrong: 'El nombre de usuario, el correo electrónico o la contraseña no son correctos.',
  throttled: 'Demasiados inicios de sesión fallidos. Inténtelo de nuevo dentro de {seconds} segundos.',
  foreignOrigin: 'Este formulario solo puede enviarse desde este sitio.',
  signOutFailed: 'No se pudo cerrar la sesión: recargue la administración e inténtelo de nuevo.',
  setupTitle: 'Crear el administrador',
  setupIntro:
    'Este calendario aún no tiene usuarios. Elija el nombre de usuario, el correo electrónico y la contraseña de su administrador.',
  setupLogin: 'Nombre de usuario',
  setupEmail: 'Correo electrónico',
  setupPassword: 'Contraseña (8 caracteres como mínimo)',
  setupSubmit: 'Crear e iniciar sesión',
  setupUsersExist: 'Este calendario ya tiene un administrador: inicie sesión.',
  setupLinkDead:
    'Este enlace de configuración ha caducado o ya se usó. Reinicie el servidor para obtener otro, o cree el administrador con «npm run cli -- user create».',
  setupNotLoopback:
    'Este enlace de configuración solo funciona desde el propio servidor (una dirección de bucle local), salvo con CALENDAR_SETUP_FROM_ANYWHERE=true.',
};

const BY_LANGUAGE: WordsByLanguage<SignInMessages> = { en: EN, fr: FR, de: DE, es: ES };

export const signInMessagesFor = (language: LanguageCode): SignInMessages => wordsIn(BY_LANGUAGE, language);
