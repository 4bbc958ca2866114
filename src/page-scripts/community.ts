/*
 * The community form's script (decision 0095), served as /assets/community.js by the service itself
 * (the pages' CSP allows scripts from the site only; ALTCHA's own widget needs WebAssembly and inline
 * styles, which it does not allow). Loaded only when the form asks for a proof of work: sending the
 * form first fetches a challenge, finds the counter whose SHA-256 key starts with the challenge's
 * prefix (ALTCHA's v2 protocol, with the browser's Web Crypto), and sends the solution, as ALTCHA's
 * base64 JSON payload, in the hidden `proof` field.
 */

/** A challenge's parameters, as the service's challenge route sends them (ALTCHA v2). */
interface ChallengeParameters {
  readonly algorithm: string;
  readonly salt: string;
  readonly nonce: string;
  readonly cost: number;
  readonly keyLength: number;
  readonly keyPrefix: string;
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const bytesOf = (text: string): Uint8Array =>
  new Uint8Array((text.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));

/** The first counter whose key starts with the prefix: SHA-256 of salt, nonce and the counter (32 bits, big-endian), `cost` times over. */
const solve = async (parameters: ChallengeParameters): Promise<{ counter: number; derivedKey: string } | null> => {
  const salt = bytesOf(parameters.salt);
  const nonce = bytesOf(parameters.nonce);
  const input = new Uint8Array(salt.length + nonce.length + 4);
  input.set(salt, 0);
  input.set(nonce, salt.length);
  const counterAt = new DataView(input.buffer);
  for (let counter = 0; counter <= 0xffffffff; counter++) {
    counterAt.setUint32(salt.length + nonce.length, counter, false);
    let key = new Uint8Array(await crypto.subtle.digest(parameters.algorithm, input));
    for (let round = 1; round < parameters.cost; round++)
      key = new Uint8Array(await crypto.subtle.digest(parameters.algorithm, key));
    const derivedKey = hex(key.slice(0, parameters.keyLength));
    if (derivedKey.startsWith(parameters.keyPrefix)) return { counter, derivedKey };
  }
  return null;
};

const form = document.querySelector<HTMLFormElement>('form.community-form[data-challenge]');
const proof = form?.elements.namedItem('proof');
const progress = form?.querySelector<HTMLElement>('.proof-status');
if (form && proof instanceof HTMLInputElement && progress) {
  let sending = false;
  form.addEventListener('submit', (event) => {
    if (proof.value !== '') return;
    event.preventDefault();
    if (sending) return;
    sending = true;
    progress.textContent = progress.dataset.working ?? '';
    const prove = async () => {
      const answer = await fetch(form.dataset.challenge!, {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      });
      const challenge = (await answer.json()) as { parameters: ChallengeParameters };
      proof.value = btoa(JSON.stringify({ challenge, solution: await solve(challenge.parameters) }));
    };
    // Sent without a proof when the challenge fails: the service's answer says what is missing.
    prove()
      .catch(() => undefined)
      .finally(() => form.submit());
  });
}
