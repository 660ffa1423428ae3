// A load generator in its own process, so it never shares the server's event loop. Reads its job as
// JSON from argv[2]: { base, paths, connections, seconds, warmup, token, acceptEncoding? }; each request takes the
// next path of `paths` in turn (users typing different words); prints autocannon's result as JSON.
import autocannon from 'autocannon';

const job = JSON.parse(process.argv[2]);
let next = 0;
const options = (seconds) => ({
  url: job.base,
  connections: job.connections,
  duration: seconds,
  headers: {
    authorization: `Bearer ${job.token}`,
    ...(job.acceptEncoding ? { 'accept-encoding': job.acceptEncoding } : {}),
  },
  requests: [
    {
      setupRequest: (request) => ({ ...request, path: job.paths[next++ % job.paths.length] }),
    },
  ],
});
if (job.warmup) await autocannon(options(job.warmup));
process.stdout.write(JSON.stringify(await autocannon(options(job.seconds))));
