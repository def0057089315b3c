import { spawn, spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'

// Opens psql on the running stand-in's SQL port (started with `npm run supabase:local`).
const { values } = parseArgs({ options: { port: { type: 'string', default: '54322' } }, allowPositionals: true })
if (spawnSync('psql', ['--version']).error) {
  console.error('psql is not installed. On Debian: apt-get install -y postgresql-client')
  process.exit(1)
}
const child = spawn('psql', ['-h', '127.0.0.1', '-p', values.port!, '-U', 'postgres', 'postgres', ...process.argv.slice(2).filter((a) => !a.startsWith('--port'))], {
  stdio: 'inherit',
  env: { ...process.env, PGSSLMODE: 'disable' },
})
child.on('exit', (code) => process.exit(code ?? 0))
