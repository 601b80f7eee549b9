/** The little of `s3rver` (a devDependency without types) the API tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      configureBuckets?: { name: string; configs: string[] }[];
    });
    /** Listens; answers where. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
