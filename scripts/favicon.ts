// Writes app/favicon.ico from app/icon.svg (the product mark): 16, 32 and 48 px PNGs in one ICO,
// the format browsers still ask /favicon.ico for. Run after changing the mark: npx tsx scripts/favicon.ts
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'

const root = path.resolve(import.meta.dirname, '..')
const svg = await readFile(path.join(root, 'app', 'icon.svg'))
const sizes = [16, 32, 48]
const images = await Promise.all(sizes.map((size) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer()))

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the PNGs (ICO allows PNG payloads)
const header = Buffer.alloc(6 + 16 * images.length)
header.writeUInt16LE(0, 0)
header.writeUInt16LE(1, 2)
header.writeUInt16LE(images.length, 4)
let offset = header.length
images.forEach((png, i) => {
  const entry = 6 + 16 * i
  header.writeUInt8(sizes[i] % 256, entry)
  header.writeUInt8(sizes[i] % 256, entry + 1)
  header.writeUInt8(0, entry + 2)
  header.writeUInt8(0, entry + 3)
  header.writeUInt16LE(1, entry + 4)
  header.writeUInt16LE(32, entry + 6)
  header.writeUInt32LE(png.length, entry + 8)
  header.writeUInt32LE(offset, entry + 12)
  offset += png.length
})
await writeFile(path.join(root, 'app', 'favicon.ico'), Buffer.concat([header, ...images]))
console.log(`app/favicon.ico: ${sizes.join(', ')} px, ${offset} bytes`)
