/**
 * The one rspack + module-federation setup of every Antiquarium front end (shell and remotes), so
 * the shared singletons, the router facade and the output naming cannot drift apart between apps.
 * Each app's rspack.config.ts passes only what differs: its name, kind and exposes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';
import { BROWSERS } from './inline-script.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const libsDir = path.join(rootDir, 'libs');
const uiDir = path.join(libsDir, 'ui');

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

export interface FrontEndOptions {
  /** The app folder (where package.json, src/ and index.html are). */
  appDir: string;
  /** Module-federation container name; for a remote, the name the shell registers it under. */
  name: string;
  /** Remotes expose their pages; the shell exposes nothing and registers remotes at run time. */
  exposes?: Record<string, string>;
  mode: 'production' | 'development';
}

/** The build's mode from rspack's command line (`--mode development`); production otherwise. */
export function modeOf(argv: { mode?: string }): FrontEndOptions['mode'] {
  return argv.mode === 'development' ? 'development' : 'production';
}

/**
 * A remote that is its name and its exposes list (its public door, see its README.md): its rspack
 * config, the app folder read from the config file's own URL (`import.meta.url`).
 */
export function remoteConfig(configUrl: string, { name, exposes }: Required<Pick<FrontEndOptions, 'name' | 'exposes'>>) {
  const appDir = path.dirname(fileURLToPath(configUrl));
  return (_env: unknown, argv: { mode?: string }): Configuration => frontEndConfig({ appDir, name, exposes, mode: modeOf(argv) });
}

/** The rules both builds share: the same sources give the same markup on the server and in the browser. */
function sourceRules(appDir: string, production: boolean) {
  return [
    {
      test: /\.[jt]sx?$/,
      include: [path.join(appDir, 'src'), libsDir],
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production } },
        },
        env: { targets: BROWSERS },
      },
      type: 'javascript/auto' as const,
    },
  ];
}

/**
 * The shared singletons. antd is deliberately missing: shared modules are not tree-shaken, and all of
 * antd would blow the first-visit budget; each app imports the few antd parts it uses and takes the
 * theme from @antiquarium/ui (docs/decisions/0004-antd-and-bundle-budget.md).
 */
function sharedSingletons(appDir: string) {
  const deps = readJson<{ dependencies: Record<string, string> }>(path.join(appDir, 'package.json')).dependencies;
  const routerVersion = readJson<{ version: string }>(path.join(rootDir, 'node_modules/react-router/package.json')).version;
  const need = (name: string): string => {
    const range = deps[name];
    if (!range) throw new Error(`${appDir}/package.json must list ${name}: it is a shared singleton`);
    return range;
  };
  return {
    react: { singleton: true, requiredVersion: need('react') },
    'react/jsx-runtime': { singleton: true, requiredVersion: need('react') },
    'react-dom': { singleton: true, requiredVersion: need('react-dom') },
    'react-dom/client': { singleton: true, requiredVersion: need('react-dom') },
    // Resolves to the router facade (see resolve.alias): its version is the router's, not the lib's.
    'react-router-dom': { singleton: true, requiredVersion: need('react-router-dom'), version: routerVersion },
    zustand: { singleton: true, requiredVersion: need('zustand') },
    // Stateless, but shared so that each is downloaded once for the whole site. The validation entry
    // (zod) is apart: only the forms load it, the catalog's first pages do not.
    '@antiquarium/contracts': { singleton: true, requiredVersion: need('@antiquarium/contracts') },
    '@antiquarium/contracts/validation': { singleton: true, requiredVersion: need('@antiquarium/contracts') },
    '@antiquarium/auth-store': { singleton: true, requiredVersion: need('@antiquarium/auth-store') },
    '@antiquarium/api-client': { singleton: true, requiredVersion: need('@antiquarium/api-client') },
    '@antiquarium/ui': { singleton: true, requiredVersion: need('@antiquarium/ui') },
  };
}

/**
 * Where an app's build goes: <app>/dist, or the folder FRONT_END_DIST names (absolute). The release
 * command builds a remote there (scripts/release.mjs): a publish never rewrites the dist/ that the
 * remote's server serves at `/`.
 */
export function distDir(appDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const custom = env['FRONT_END_DIST']?.trim();
  if (!custom) return path.join(appDir, 'dist');
  if (!path.isAbsolute(custom)) throw new Error(`FRONT_END_DIST must be an absolute path, not ${JSON.stringify(custom)}`);
  return path.normalize(custom);
}

export function frontEndConfig({ appDir, name, exposes, mode }: FrontEndOptions): Configuration {
  const production = mode === 'production';
  const isRemote = Boolean(exposes);
  return {
    name: 'browser',
    mode,
    context: appDir,
    // A remote has no page of its own: its only entry is the remoteEntry.js container.
    entry: isRemote ? {} : { main: './src/index.ts' },
    output: {
      path: distDir(appDir),
      // The shell serves every deep link from its index.html, so its assets are absolute; a remote's
      // are found relative to its manifest, wherever it is deployed.
      publicPath: isRemote ? 'auto' : '/',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[id].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      cssChunkFilename: '[id].[contenthash:10].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      sourceMapFilename: '../sourcemaps/[file].map',
      uniqueName: `antiquarium_${name}`,
      clean: true,
    },
    // Production source maps are build artifacts for error tracing, never shipped to browsers: no
    // sourceMappingURL comment, and the files land beside dist/ (in sourcemaps/), which the images
    // and servers never copy.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      // 'source' first: workspace libs (e.g. @antiquarium/contracts) are compiled from their src.
      conditionNames: ['source', mode, 'browser', 'import', 'module', 'default'],
      alias: { 'react-router-dom$': path.join(uiDir, 'src/react-router-facade.ts') },
    },
    module: {
      parser: {
        // A name missing from the router facade must fail the build, not be undefined at run time.
        javascript: { exportsPresence: 'error' },
      },
      rules: [
        ...sourceRules(appDir, production),
        { test: /\.css$/, type: 'css' },
        { test: /\.(png|webp|jpe?g|woff2)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      ...(isRemote
        ? []
        : [
            new rspack.HtmlRspackPlugin({ template: './index.html', scriptLoading: 'defer' }),
            new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.' }] }),
          ]),
      new ModuleFederationPlugin({
        name,
        // The shell has no remotes at build time: names and manifest URLs come from
        // /runtime-config.json (registerRemotes), so a remote is redeployed without rebuilding it.
        // Every app writes mf-manifest.json: for the shell it records the shared versions and ranges
        // that scripts/check-shared-versions.mjs compares each remote's against.
        ...(isRemote ? { exposes, filename: 'remoteEntry.js' } : { remotes: {} }),
        manifest: true,
        shared: sharedSingletons(appDir),
        // 'loaded-first': start-up does not fetch every remote's entry to compare versions, so a
        // remote's code is downloaded only when one of its routes is visited.
        shareStrategy: 'loaded-first',
        dts: false,
        experiments: isRemote ? { externalRuntime: true } : { provideExternalRuntime: true },
      }),
    ],
    optimization: {
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin({ extractComments: false }),
        new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: BROWSERS } }),
      ],
    },
    performance: { hints: false },
  };
}

export interface ServerOptions {
  appDir: string;
  /** The server entry, e.g. './src/server/frames.tsx'. */
  entry: string;
  /** The file's name in dist/server/, without .mjs. */
  name: string;
  mode: 'production' | 'development';
  /** Code the server writes inline in its documents (buildInlineScript), each defined as a string constant of this name. */
  inlineScripts?: Record<string, string>;
}

/**
 * The app's server build (docs/decisions/0010): the same sources compiled for Node into one ES module,
 * dist/server/<name>.mjs, with everything it imports bundled in (the images carry no node_modules).
 * No module federation: on the server each app renders only its own components. Style sheets are the
 * browser build's (the server reads them from its manifest or index.html), so CSS imports are inert.
 * Served by no one: deploy/serve-static.mjs never answers a path under /server/.
 */
export function serverConfig({ appDir, entry, name, mode, inlineScripts = {} }: ServerOptions): Configuration {
  const production = mode === 'production';
  return {
    name: 'server',
    // After the browser build, which empties dist/ first; the server reads that build's manifest.
    dependencies: ['browser'],
    mode,
    context: appDir,
    target: 'node20',
    entry: { [name]: entry },
    output: {
      path: path.join(distDir(appDir), 'server'),
      filename: '[name].mjs',
      chunkFilename: '[name].[contenthash:10].mjs',
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: true,
    },
    devtool: false,
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['source', mode, 'node', 'import', 'module', 'default'],
      alias: { 'react-router-dom$': path.join(uiDir, 'src/react-router-facade.ts') },
    },
    module: {
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        ...sourceRules(appDir, production),
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|webp|jpe?g|woff2)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [new rspack.DefinePlugin(Object.fromEntries(Object.entries(inlineScripts).map(([constant, code]) => [constant, JSON.stringify(code)])))],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}
