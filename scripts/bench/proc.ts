import { readFileSync } from 'node:fs';

/** CPU seconds a process has used so far, user and system, from /proc/<pid>/stat (clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}
