// The prefix of the one line on which a measurement process hands back its result.
export const MARKER = '@@bench-result ';
