export * from './explanations';
export * from './report';
