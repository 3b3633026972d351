export * from './explanations';
export * from './rendered-part';
export * from './report';
