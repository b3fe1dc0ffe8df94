// Words that say the store checks a sold piece (issue 48): with VERIFICATION_MODE=none nothing is
// checked, so no page, mail or message reachable there may say it. One list for the catalogue lint
// (tools/lint/verification-claims.test.ts), the API's mail test, the product page's component test and
// the journeys' page scan. Written for the claim, not the word: "check your inbox", "checkout", a seller
// "verified by the brand" (the sample account's badge), an e-mail "not verified" or "what we check" of
// reviews are not a promise that a piece is checked, and are not matched.
export const CHECK_CLAIMS: readonly RegExp[] = [
  // English
  /\bverification\b/i,
  /\b(?:checked|inspected|authenticated)\b/i,
  /\b(?:a|our|the) check\b/i,
  /\bcheck(?:s|ing)? (?:of )?(?:each|every|the|a) (?:piece|item)/i,
  /\bwe check (?:each|every|it|them|the)\b/i,
  // Portuguese
  /verificaç(?:ão|ões)/i,
  /\bverificamos (?:cada|a|as|o|os)\b/i,
  /(?<!\p{L})(?:é|são|foi|foram) (?:verificad|revist)[ao]s?\b/iu,
  /\b(?:peça|peças|artigo|artigos) verificad[ao]s?\b/i,
  /\bverificad[ao]s? (?:no nosso|face|pela nossa)/i,
  // Spanish
  /verificaci[oó]n/i,
  /\b(?:lo|la|los|las) verificamos\b/i,
  /\bverificamos (?:cada|la|las|el|los)\b/i,
  /\bcomprob(?:ad[ao]s?|ación|aciones)\b/i,
  /\bcomprobando (?:cada|la prenda|las prendas)\b/i,
  /\bcomprobamos (?:cada|la|las|el|los)\b/i,
  /\b(?:prenda|prendas|artículo|artículos) verificad[ao]s?\b/i,
  /\bverificad[ao]s? (?:en nuestro|frente|por nuestro)/i,
  /\brevisa cada una\b/i,
];

/** The first words of `text` that promise a check, or null. */
export function checkClaim(text: string): string | null {
  for (const pattern of CHECK_CLAIMS) {
    const found = pattern.exec(text);
    if (found) return found[0];
  }
  return null;
}
