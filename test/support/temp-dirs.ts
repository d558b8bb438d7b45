import { afterAll } from 'vitest';
import { removeTempDirs } from './process.js';

// Every test file: the directories it made with tempDir go when its last hook has run (vitest ends a worker
// without an 'exit' event, so the exit hook alone left them).
afterAll(removeTempDirs);
