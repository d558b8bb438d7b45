import { readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after the command name (field 3, the state, is index 0). */
const statFields = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');

/**
 * CPU seconds a process has used so far, user and system, from /proc/<pid>/stat (clock ticks of
 * 1/100 s); `reaped` is what its children that have exited and been waited for used.
 */
export function cpuSeconds(pid: number): { user: number; system: number; reaped: number } {
  const f = statFields(pid);
  return { user: Number(f[11]) / 100, system: Number(f[12]) / 100, reaped: (Number(f[13]) + Number(f[14])) / 100 };
}

/** The living children of a process. */
export function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return statFields(Number(d))[1] === String(parent);
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}
