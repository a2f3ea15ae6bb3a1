// Holds one Janus in a network namespace (janusNamespace.ts) for a whole `npm test`, started before any
// Chromium and stopped after the last: making and removing its veth pair changes the host's addresses,
// and a Chromium running then fails its requests in flight with net::ERR_NETWORK_CHANGED (the e2e lanes
// run beside each other). Prints one JSON line — `{ httpUrl, wsUrl, adminKey }`, or `{ skipped }` with the
// reason where namespaces cannot be made — then waits; SIGTERM or SIGINT stops Janus and removes the namespace.
// Usage: node --import tsx server/testing/holdJanusNamespace.ts (scripts/runTests.mjs runs it).
import { namespaceSupport, startJanusInNamespace } from './janusNamespace';

const why = namespaceSupport();
if (why) {
  process.stdout.write(`${JSON.stringify({ skipped: why })}\n`);
} else {
  const janus = await startJanusInNamespace();
  process.stdout.write(`${JSON.stringify({ httpUrl: janus.httpUrl, wsUrl: janus.wsUrl, adminKey: janus.adminKey })}\n`);
  const stop = () => void janus.stop().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // Kept alive by Janus's child process until told to stop.
  setInterval(() => undefined, 60_000);
}
