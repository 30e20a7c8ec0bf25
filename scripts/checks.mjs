// The named checks a script runs, printed as they pass or fail and written as the report
// npm test sums ({ passed, failed, seconds, checks, notes }); `notes` are lines npm test
// prints in its closing summary.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A directory in the system's temporary directory for `name`, one per checkout, so runs
 * from two worktrees never share one.
 */
export function workDir(name) {
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 8);
  return join(tmpdir(), `site-identity-${name}-${checkout}`);
}

function tail(text, lines = 40) {
  return text.trim().split('\n').slice(-lines).join('\n').replace(/^/gm, '     ');
}

export function createChecks() {
  const started = Date.now();
  const checks = [];
  const notes = [];

  function push(name, ok, seconds, detail) {
    checks.push({ name, ok, seconds: Number(seconds.toFixed(1)) });
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds.toFixed(1)} s)`);
    if (!ok && detail) console.log(tail(detail));
    return ok;
  }

  return {
    checks,
    notes,
    /** Runs a command; the check passes when it exits with 0. Answers the result. */
    run(name, command, args, options = {}) {
      const t0 = Date.now();
      const result = spawnSync(command, args, { encoding: 'utf8', ...options });
      const detail = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ?? ''}`;
      push(name, result.status === 0, (Date.now() - t0) / 1000, detail);
      return result;
    },
    /** Runs `task`; the check passes when it returns without throwing. Answers that. */
    async record(name, task) {
      const t0 = Date.now();
      try {
        await task();
        return push(name, true, (Date.now() - t0) / 1000);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return push(name, false, (Date.now() - t0) / 1000, message);
      }
    },
    note(line) {
      notes.push(line);
      console.log(`note ${line}`);
    },
    /** Writes the report (unless `file` is undefined) and answers { passed, failed, seconds }. */
    write(file) {
      const passed = checks.filter((c) => c.ok).length;
      const failed = checks.length - passed;
      const seconds = Number(((Date.now() - started) / 1000).toFixed(0));
      if (file) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, JSON.stringify({ passed, failed, seconds, notes, checks }, null, 2));
      }
      return { passed, failed, seconds };
    },
  };
}
