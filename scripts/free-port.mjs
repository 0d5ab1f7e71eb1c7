// A free TCP port on 127.0.0.1 (asked from the OS with port 0), for the servers the tests, the test
// runner, the private PostgreSQL cluster and the benchmarks start.
import net from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
