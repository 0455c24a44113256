export * from './app.ts';
export * from './context.ts';
export * from './options.ts';
