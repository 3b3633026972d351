/**
 * How many threads libuv's pool gets in a process that runs the engine. Every file write, fsync,
 * folder flush, stat and file hash of a mirror waits on that pool (4 threads by default); a mirror
 * keeps 16 files in flight, so with 4 threads each fsync (1 to 10 ms on an ordinary disk) makes every
 * other file call queue behind it, and the disk never sees more than 4 flushes at once to commit
 * together. The pool reads its size once, when it first starts, and an ES module entry point starts
 * it reading its own files before any of our code runs: so the size goes into the environment of
 * the process that runs the engine (Electron's utility process at its fork; the npm scripts preload
 * scripts/threadpool.cjs, which sets the same number, since a CommonJS preload runs before the ESM
 * loader reads anything). A size the user set in the environment is kept.
 */
export const ENGINE_THREADPOOL_SIZE = 16;

/** `env` for a process that runs the engine: the pool size added unless it names one already. */
export function withEngineThreadpool(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.UV_THREADPOOL_SIZE ? env : { ...env, UV_THREADPOOL_SIZE: String(ENGINE_THREADPOOL_SIZE) };
}
