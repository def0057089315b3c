import { getRenderProgress, presignUrl, renderMediaOnLambda, type AwsRegion, type RenderMediaOnLambdaInput } from '@remotion/lambda/client'
import type { LambdaConfig } from '@/lib/env'

/*
 * The three calls the app makes to AWS, through Remotion's own client. Everything else about Lambda
 * (the database, the webhook, storage) is ours. Tests run these same calls against a local HTTP fake
 * of AWS (AWS_ENDPOINT_URL_LAMBDA / AWS_ENDPOINT_URL_S3, which the AWS SDK inside Remotion honours),
 * so nothing here is replaced in tests. Credentials: Remotion reads REMOTION_AWS_ACCESS_KEY_ID and
 * REMOTION_AWS_SECRET_ACCESS_KEY from the environment itself (lib/env.ts checks they are set).
 */

/** The codecs Lambda renders (Remotion's serverless list: no h264-mkv or h264-ts). */
export const LAMBDA_CODECS = ['h264', 'h265', 'vp8', 'vp9', 'mp3', 'aac', 'wav', 'gif', 'prores'] as const satisfies readonly RenderMediaOnLambdaInput['codec'][]
export type LambdaCodec = (typeof LAMBDA_CODECS)[number]

export type LambdaStart = {
  composition: string
  inputProps: Record<string, unknown>
  codec: LambdaCodec
  /** undefined: Remotion's default for the codec (standard quality) */
  crf?: number
  outName: string
  webhookUrl: string
  /** comes back in the webhook, so it can find its run */
  runId: string
}

export type LambdaProgress = {
  done: boolean
  fatal: string | null
  overallProgress: number
  framesRendered: number
  framesEncoded: number
  encoding: boolean
}

export interface LambdaRenderer {
  start(input: LambdaStart): Promise<{ renderId: string; bucketName: string }>
  progress(renderId: string, bucketName: string): Promise<LambdaProgress>
  /** a short-lived URL to download the output object */
  outputUrl(bucketName: string, objectKey: string): Promise<string>
}

/** Where Lambda writes a render's output when given a string outName. */
export const lambdaOutputKey = (renderId: string, outName: string) => `renders/${renderId}/${outName}`

export function remotionLambda(config: LambdaConfig): LambdaRenderer {
  const region = config.region as AwsRegion
  return {
    async start(input) {
      const result = await renderMediaOnLambda({
        region,
        functionName: config.functionName,
        serveUrl: config.serveUrl,
        composition: input.composition,
        inputProps: input.inputProps,
        codec: input.codec,
        crf: input.crf,
        outName: input.outName,
        // the output is read once by the webhook through a presigned URL, never linked publicly
        privacy: 'private',
        downloadBehavior: { type: 'download', fileName: input.outName },
        // the same encoding the local worker uses: limited-range yuv420p plays everywhere
        pixelFormat: input.codec === 'gif' ? undefined : 'yuv420p',
        webhook: { url: input.webhookUrl, secret: config.webhookSecret, customData: { runId: input.runId } },
        logLevel: 'warn',
      })
      return { renderId: result.renderId, bucketName: result.bucketName }
    },
    async progress(renderId, bucketName) {
      const p = await getRenderProgress({ region, functionName: config.functionName, renderId, bucketName, logLevel: 'warn' })
      const fatal = p.fatalErrorEncountered ? (p.errors.find((e) => e.isFatal)?.message ?? p.errors[0]?.message ?? 'Lambda stopped') : null
      return {
        done: p.done,
        fatal,
        overallProgress: p.overallProgress,
        framesRendered: p.framesRendered,
        framesEncoded: p.encodingStatus?.framesEncoded ?? 0,
        encoding: Boolean(p.encodingStatus && p.encodingStatus.framesEncoded > 0),
      }
    },
    outputUrl(bucketName, objectKey) {
      return presignUrl({ region, bucketName, objectKey, expiresInSeconds: 900 })
    },
  }
}
