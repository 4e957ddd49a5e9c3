// A script a document carries inline (the shell's intent starter, docs/decisions/0015) is a
// TypeScript module like any other: type-checked and linted with its app, its names imported from
// where they are defined. This compiles one such module, with what it imports, into the minified
// code that goes between <script> and </script>: one self-running function, nothing loaded later.
// The shell's server build defines the result as a constant (shell/rspack.config.ts), and its tests
// run the same code (shell/jest.config.cjs). Plain JavaScript, so that Jest's CommonJS config can
// load it too.
import os from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';

/** The browsers the front ends are built for (tooling/rspack/front-end-config.ts). */
export const BROWSERS = 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4';

const FILE = 'inline.js';

/** The code of `entry` (an absolute path to a .ts module), compiled for BROWSERS and minified. */
export function buildInlineScript(entry) {
  let code;
  const compiler = rspack({
    name: `inline ${path.basename(entry)}`,
    mode: 'production',
    context: path.dirname(entry),
    target: `browserslist:${BROWSERS}`,
    entry: { inline: entry },
    // Never written: the code is taken from the compilation and its asset dropped before emit.
    output: { path: path.join(os.tmpdir(), 'antiquarium-inline-scripts'), filename: FILE, iife: true },
    devtool: false,
    resolve: {
      extensions: ['.ts', '.js'],
      conditionNames: ['source', 'production', 'browser', 'import', 'module', 'default'],
    },
    module: {
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } }, env: { targets: BROWSERS } },
          type: 'javascript/auto',
        },
      ],
    },
    optimization: {
      minimizer: [new rspack.SwcJsMinimizerRspackPlugin({ extractComments: false, minimizerOptions: { compress: { passes: 2 } } })],
    },
    performance: { hints: false },
    plugins: [
      {
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('InlineScript', (compilation) => {
            compilation.hooks.processAssets.tap({ name: 'InlineScript', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
              code = compilation.getAsset(FILE)?.source.source().toString();
              compilation.deleteAsset(FILE);
            });
          });
        },
      },
    ],
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(`${entry} does not build:\n${stats.toString({ all: false, errors: true })}`));
        else if (code === undefined) reject(new Error(`${entry} built no code`));
        else resolve(code.trim());
      });
    });
  });
}
