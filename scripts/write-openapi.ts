/** `npm run contracts:openapi`: writes docs/api/openapi.json from renderOpenApi (./openapi). */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { OPENAPI_FILE, openApiText } from './openapi'

mkdirSync(join(process.cwd(), 'docs', 'api'), { recursive: true })
writeFileSync(OPENAPI_FILE, openApiText(JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }))
console.log(`wrote ${OPENAPI_FILE}`)
