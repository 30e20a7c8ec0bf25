// Starts the Vite dev server for the playground.
import { spawn } from 'node:child_process';

const vite = spawn('pnpm', ['exec', 'vite'], { stdio: 'inherit' });
vite.on('exit', (code) => process.exit(code ?? 0));
