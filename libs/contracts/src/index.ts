export * from './artifact';
export * from './password';
export * from './dates';
export * from './search';
export * from './text';
export * from './discovery';
export * from './releases';
