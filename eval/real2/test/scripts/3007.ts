/**
 * Test whether the current user has access to the Bun build-cache.
 *
 * Exits with code 0 if access is available, or 1 otherwise.
 */
import { HeadBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { CredentialsProviderError } from "@aws-sdk/property-provider";

class CacheConfig {
  #bucket: string;
  #region: string;

  get bucket(): string {
    return this.#bucket;
  }

  get region(): string {
    return this.#region;
  }

  static fromArgv(): CacheConfig {
    const args = new CacheConfig();

    const exitWithHelp = (reason: string) => {
      console.error(`Error: ${reason}\n`);
      console.error("Usage: have-access --bucket <bucket-name> --region <region>");
      process.exit(1);
    };

    for (let i = 2; i < process.argv.length; i++) {
      switch (process.argv[i]) {
        case "-b":
        case "--bucket":
          args.#bucket = process.argv[++i];
          break;
        case "-r":
        case "--region":
          args.#region = process.argv[++i];
          break;
        default:
          throw new Error(`Unknown argument: ${process.argv[i]}`);
      }
    }

    if (!args.#bucket) {
      exitWithHelp("Missing required argument: --bucket");
    }

    if (!args.#region) {
      exitWithHelp("Missing required argument: --region");
    }

    return args;
  }
}

/**
 * Test whether the current user has access to the Bun build-cache.
 */
export async function currentUserHasAccess(cacheConfig: CacheConfig): Promise<boolean> {
  const s3Client = new S3Client({ region: cacheConfig.region });

  try {
    await s3Client.send(new HeadBucketCommand({ Bucket: cacheConfig.bucket }));
    return true;
  } catch (error) {
    const criteria = [
      () => error.name == "NotFound" || error.$metadata?.httpStatusCode === 404,
      () => error.name == "Forbidden" || error.$metadata?.httpStatusCode === 403,
      () => error instanceof CredentialsProviderError,
    ];

    if (criteria.some(c => c())) {
      return false;
    }

    throw error;
  }
}

const ok = await currentUserHasAccess(CacheConfig.fromArgv());
process.exit(ok ? 0 : 1);
