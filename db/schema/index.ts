export * from './auth';
export * from './accounts';
export * from './conferences';
export * from './registrations';
export * from './mail';
export * from './fees';
export * from './files';
export * from './cms';
