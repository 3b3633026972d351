// Preloaded (node --require, tsx --require) by the npm scripts that run the engine in their own
// process: the thread pool's size must be in the environment before the ESM loader first reads a
// file, which starts the pool. The number is ENGINE_THREADPOOL_SIZE (main/core/threadpool.ts explains it).
process.env.UV_THREADPOOL_SIZE ||= '16';
