export * from './constants';
export * from './api-error';
export * from './messages';
export * from './schemas/auth';
export * from './schemas/id';
export * from './schemas/review';
export * from './schemas/summary';
export * from './schemas/tool';
