export * from './artifact';
export * from './password';
export * from './search';
export * from './text';
