export * from './atg';
export * from './bank';
export * from './common';
export * from './company';
export * from './detect';
export * from './document';
export * from './invoice';
export * from './lookup';
