/**
 * The address `npm start` announces: localhost for the loopback and the wildcard addresses (a
 * browser on this machine reaches the server there), the host itself otherwise.
 */
export function readyUrl(host: string, port: number): string {
  const local = ['127.0.0.1', '::1', '0.0.0.0', '::', 'localhost', ''].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
