// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * Everything in src/ but the mock gate (main.tsx) and the mock-only UI (src/dev, decision 008),
 * listed from the folder so a new one is covered; src/dev need not exist.
 */
const appCode = readdirSync(new URL('./src', import.meta.url))
  .filter((name) => name !== 'main.tsx' && name !== 'dev')
  .map((name) => `./src/${name}`)

/** The import table of DESIGN.md section 2, as zones: `target` may not import from `from`. */
const zones = [
  { target: './contracts', from: ['./machines', './mocks', './src', './tests'] },
  { target: './machines', from: ['./mocks', './src', './tests'], except: [] },
  { target: './mocks', from: ['./machines', './src'] },
  { target: ['./src/lib', './src/ui'], from: ['./machines', './mocks', './src/features', './src/app'] },
  { target: './src/features', from: ['./mocks', './src/app'] },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
  })),
  // Only src/main.tsx (its mock gate) and the mock-only UI in src/dev may reach the simulated backend,
  // and only src/main.tsx may load src/dev (decision 008).
  { target: appCode, from: './mocks', message: 'Only src/main.tsx and src/dev may import mocks/.' },
  { target: appCode, from: './src/dev', message: "Only src/main.tsx's mock gate may load src/dev." },
]

/** A static import would put the mock or the dev UI in every build: main.tsx loads them dynamically. */
const staticMockImport = {
  selector: "ImportDeclaration[importKind!='type'][source.value=/(^|\\/)(mocks|dev)(\\/|$)/]",
  message: 'Load mocks/ and src/dev only by the dynamic import behind the mock gate.',
}
const noHtmlFromData = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Never render data as HTML.',
}

export default tseslint.config(
  { ignores: ['dist', 'dist-test', 'dist-e2e-*', 'node_modules', 'contracts/generated', 'test-results', 'test-results-*', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    // Only relative imports need resolving for the zones and cycles below.
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', noHtmlFromData],
    },
  },
  {
    files: ['src/main.tsx'],
    rules: { 'no-restricted-syntax': ['error', noHtmlFromData, staticMockImport] },
  },
  {
    // One clock and one network door in the app; machines get time through events and input.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    ignores: ['src/lib/clock.ts', 'src/lib/api-client.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Use now() from src/lib/clock.' }],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the API through src/lib/api-client.' }],
    },
  },
  {
    // Tests may reach into the simulated backend; they are never part of a build.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { 'import/no-restricted-paths': 'off' },
  },
  {
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
)
