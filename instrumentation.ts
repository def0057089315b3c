// Runs once when the Next server starts: configuration that must be whole before anything is served.
// A half-set Remotion Lambda configuration stops the start here with the missing names, instead of
// failing the first render (docs/renders.md, "Remotion Lambda").
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { lambdaConfig } = await import('./lib/env')
  lambdaConfig()
}
