export * from './infra';
export * from './stack';
export * from './apps';
export * from './accounts';
export * from './stand-ins/youtube';
export * from './stand-ins/openai';
export * from './stand-ins/transcripts';
export * from './stand-ins/s3';
