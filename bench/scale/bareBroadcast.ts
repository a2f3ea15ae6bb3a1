// The baseline of bench/scale.ts's push figures, in a process of its own like a server instance: a bare
// WebSocket server (`ws` on node:http, nothing else) whose POST /raise broadcasts the alarm to every
// socket on /ws, the way the push channel would, before it answers. No database, no tickets, no
// sequence store: what the same machine does for the same messages with nothing in between.
// `node --import tsx bench/scale/bareBroadcast.ts` prints `listening <port>`.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { bareMessage } from './pushLatency';

const sockets = new WebSocketServer({ noServer: true });
let seq = 0;
const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/raise') {
    response.writeHead(404).end();
    return;
  }
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    const alarm = JSON.parse(body) as { content?: string };
    const text = bareMessage(++seq, { alarmContent: alarm.content ?? '' });
    for (const client of sockets.clients) client.send(text);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200}');
  });
});
// As Fastify's default: an idle keep-alive connection is not closed under the client's next request.
server.keepAliveTimeout = 72_000;
server.on('upgrade', (request, socket, head) => {
  if (request.url !== '/ws') {
    socket.destroy();
    return;
  }
  sockets.handleUpgrade(request, socket, head, (client) => sockets.emit('connection', client, request));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  for (const client of sockets.clients) client.terminate();
  server.close(() => (process.exitCode = 0));
});
