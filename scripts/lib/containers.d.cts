// Types of containers.cjs (plain JavaScript: the test runner, scripts/test.mjs, loads it too).
import type { ChildProcess } from 'node:child_process';

export const ROOT: string;

export interface ExecOrShell {
  exec?: string[];
  shell?: string;
}

export interface Step {
  op: string;
  line: string;
  text?: string;
  /** RUN: the stage's ARG and ENV values, its environment. */
  env?: Record<string, string>;
  from?: string;
  sources?: string[];
  dest?: string;
}

export interface Stage {
  /** The image it starts from: for a stage built FROM another stage, that stage's. */
  base: string;
  /** The stage it is built FROM, if any. */
  parent?: string;
  name: string;
  workdir: string;
  env: Record<string, string>;
  /** The ARG values in scope at its end (given, default, or inherited from its parent stage). */
  args: Record<string, string>;
  user: string;
  expose?: number[];
  cmd?: ExecOrShell;
  entrypoint?: ExecOrShell;
  healthcheck?: ExecOrShell & { options: string };
  steps: Step[];
}

/** What one `docker build` builds: the Dockerfile, its target stage (the last when absent) and build arguments. */
export interface Build {
  dockerfile: string;
  target?: string;
  args?: Record<string, string>;
}

export interface ImageDescription {
  dockerfile: string;
  build: Build;
  stages: Stage[];
  final: Stage;
  command: string[];
}

export interface Image extends ImageDescription {
  dir: string;
  extraPath: string[];
}

export interface Container {
  name: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  logFile: string;
  image: Image;
  env: Record<string, string>;
  stop(graceMs?: number): Promise<unknown>;
}

/** A Dockerfile alone: built with no target (its last stage) and no build arguments. */
export type BuildSpec = Build | string;

export function buildOf(build: BuildSpec): Build & { args: Record<string, string> };
export function dockerBuildCommand(build: BuildSpec): string;
export function expand(text: string, vars: Record<string, string | undefined>): string;
export function parseDockerfile(dockerfile: string, buildArgs?: Record<string, string>): Stage[];
export function describeImage(build: BuildSpec): ImageDescription;
export function isIgnored(relative: string): boolean;
export function buildStage(build: BuildSpec, stageName: string, outDir: string, options?: { edit?: (dir: string) => void; log?: string }): string;
export function assembleImage(build: BuildSpec, outDir: string, stageDirs?: Record<string, string>): Image;
export function buildImage(build: BuildSpec, dir: string, options?: { edit?: (dir: string) => void; log?: string }): Image & { stageDirs: Record<string, string> };
export function openImage(build: BuildSpec, dir: string, extraPath?: string[]): Image;
export function startContainer(image: Image, options: { name: string; env?: Record<string, string>; logDir: string; timeoutMs?: number; volumes?: string[] }): Promise<Container>;
export function waitHealthy(container: Container, timeoutMs?: number): Promise<void>;
export function stopContainer(container: Container, graceMs?: number): Promise<unknown>;
export function killRecorded(pidFile: string): number;
