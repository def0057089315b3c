// Deploys what Remotion Lambda needs for this app: the render function and the site (the bundle of
// remotion/), in the configured region, then prints the environment lines that switch the app to
// Lambda (docs/renders.md, "Remotion Lambda"). Run: npx tsx scripts/deploy-lambda.ts [--memory 2048]
// [--disk 2048] [--timeout 240] [--site listing-video]. Needs REMOTION_LAMBDA_REGION and an IAM
// user's REMOTION_AWS_ACCESS_KEY_ID / REMOTION_AWS_SECRET_ACCESS_KEY (policy: npx remotion lambda policies user).
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'

const root = path.resolve(import.meta.dirname, '..')

const options = z.object({
  memory: z.coerce.number().int().min(512).max(10_240).default(2048),
  disk: z.coerce.number().int().min(512).max(10_240).default(2048),
  timeout: z.coerce.number().int().min(15).max(900).default(240),
  site: z.string().regex(/^[a-z0-9-]{1,64}$/, 'lower-case letters, digits and dashes').default('listing-video'),
})

const env = z.object({
  REMOTION_LAMBDA_REGION: z.string({ message: 'is not set (an AWS region, like us-east-1)' }).regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'an AWS region, like us-east-1'),
  REMOTION_AWS_ACCESS_KEY_ID: z.string({ message: 'is not set (the access key id of the IAM user for Remotion)' }).min(16),
  REMOTION_AWS_SECRET_ACCESS_KEY: z.string({ message: 'is not set (that user’s secret access key)' }).min(20),
})

function fail(message: string): never {
  console.error(`deploy:lambda: ${message}`)
  process.exit(1)
}

async function main() {
  const { values } = parseArgs({ options: { memory: { type: 'string' }, disk: { type: 'string' }, timeout: { type: 'string' }, site: { type: 'string' } } })
  const args = options.safeParse(values)
  if (!args.success) fail(args.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '))
  const blank = (v: string | undefined) => (v?.trim() ? v : undefined)
  const config = env.safeParse({
    REMOTION_LAMBDA_REGION: blank(process.env.REMOTION_LAMBDA_REGION),
    REMOTION_AWS_ACCESS_KEY_ID: blank(process.env.REMOTION_AWS_ACCESS_KEY_ID),
    REMOTION_AWS_SECRET_ACCESS_KEY: blank(process.env.REMOTION_AWS_SECRET_ACCESS_KEY),
  })
  if (!config.success) {
    fail(
      `cannot deploy without AWS settings: ${config.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}. ` +
        'Create an IAM user with the policy `npx remotion lambda policies user` prints, and set these in the environment.',
    )
  }
  const region = config.data.REMOTION_LAMBDA_REGION as Parameters<typeof import('@remotion/lambda').deployFunction>[0]['region']
  const { deployFunction, deploySite, getOrCreateBucket } = await import('@remotion/lambda')

  try {
    console.log(`Deploying to ${region}: function (${args.data.memory} MB, ${args.data.disk} MB disk, ${args.data.timeout} s) and site "${args.data.site}"…`)
    const { functionName, alreadyExisted } = await deployFunction({
      region,
      memorySizeInMb: args.data.memory,
      diskSizeInMb: args.data.disk,
      timeoutInSeconds: args.data.timeout,
      createCloudWatchLogGroup: true,
    })
    console.log(`Function ${functionName} ${alreadyExisted ? 'already existed' : 'deployed'}.`)
    const { bucketName } = await getOrCreateBucket({ region })
    const { serveUrl } = await deploySite({
      region,
      bucketName,
      siteName: args.data.site,
      entryPoint: path.join(root, 'remotion/index.ts'),
      options: { publicDir: path.join(root, 'public') },
    })
    console.log(`Site deployed to ${serveUrl}.`)
    console.log('\nSet these beside the AWS keys (all six switch renders to Lambda; none keeps the local worker):\n')
    console.log(`REMOTION_LAMBDA_FUNCTION_NAME=${functionName}`)
    console.log(`REMOTION_LAMBDA_REGION=${region}`)
    console.log(`REMOTION_LAMBDA_SERVE_URL=${serveUrl}`)
    if (!process.env.REMOTION_WEBHOOK_SECRET?.trim()) console.log(`REMOTION_WEBHOOK_SECRET=${randomBytes(32).toString('hex')}`)
    console.log('\nLambda calls back SITE_URL/api/renders/lambda-webhook and loads photos from NEXT_PUBLIC_SUPABASE_URL: both must be reachable from AWS.')
    console.log('Redeploy the site (this script) whenever remotion/ changes.')
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|getaddrinfo|fetch failed/i.test(message)
    fail(offline ? `AWS could not be reached from this machine (${message}). Run this where the internet is reachable.` : message)
  }
}

void main()
