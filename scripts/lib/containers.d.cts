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
  from?: string;
  sources?: string[];
  dest?: string;
}

export interface Stage {
  base: string;
  name: string;
  workdir: string;
  env: Record<string, string>;
  user: string;
  expose?: number[];
  cmd?: ExecOrShell;
  entrypoint?: ExecOrShell;
  healthcheck?: ExecOrShell & { options: string };
  steps: Step[];
}

export interface ImageDescription {
  dockerfile: string;
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

export function parseDockerfile(dockerfile: string): Stage[];
export function describeImage(dockerfile: string): ImageDescription;
export function isIgnored(relative: string): boolean;
export function buildStage(dockerfile: string, stageName: string, outDir: string, options?: { edit?: (dir: string) => void; log?: string }): string;
export function assembleImage(dockerfile: string, outDir: string, stageDirs?: Record<string, string>): Image;
export function openImage(dockerfile: string, dir: string, extraPath?: string[]): Image;
export function startContainer(image: Image, options: { name: string; env?: Record<string, string>; logDir: string; timeoutMs?: number }): Promise<Container>;
export function waitHealthy(container: Container, timeoutMs?: number): Promise<void>;
export function stopContainer(container: Container, graceMs?: number): Promise<unknown>;
export function killRecorded(pidFile: string): number;
