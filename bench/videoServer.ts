// Server-side video fan-out without browsers (npm run bench:video-server): see bench/capacity/videoFanout.ts.
import { measureVideoFanout } from './capacity/videoFanout';

const { ratio25, report } = await measureVideoFanout();
for (const line of report) console.info(line);
if (!(ratio25 <= 1.5)) process.exitCode = 1;
