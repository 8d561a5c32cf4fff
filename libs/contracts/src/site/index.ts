export * from './locales';
export * from './pages';
export * from './landing';
