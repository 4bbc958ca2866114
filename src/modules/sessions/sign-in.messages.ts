import type { LanguageCode } from '../../languages.ts';

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
};

const BY_LANGUAGE: Partial<Record<LanguageCode, SignInMessages>> = { en: EN, fr: FR, de: DE, es: ES };

export function signInMessagesFor(language: LanguageCode): SignInMessages {
  return BY_LANGUAGE[language] ?? EN;
}
