// `run(operations)` — the batch contract (docs/rules.md). A fresh in-memory service applies each
// operation in order; there is exactly one output per operation, and errors are returned as
// "error: …" strings, never thrown.
import { ANSWERS, ANSWER_NAMES } from './answers.js';
import type { StoredLevel } from './level-store.js';
import { LevelService } from './level-service.js';
import { expectSync } from './maybe-promise.js';

type Output = unknown;

/** Thrown inside an operation for a client mistake; becomes its "error: …" output. */
class OperationError extends Error {}

interface OperationSpec {
  /** Argument names, for messages; optional ones end with '?'. */
  readonly args: readonly string[];
  readonly apply: (service: LevelService, args: readonly unknown[]) => Output;
}

function levelId(value: unknown): string {
  if (typeof value !== 'string')
    throw new OperationError(`level id must be a string, got ${describe(value)}`);
  return value;
}

function levelRows(value: unknown): string[] {
  if (!Array.isArray(value))
    throw new OperationError(`rows must be a list of strings, got ${describe(value)}`);
  const bad = value.findIndex((row) => typeof row !== 'string');
  if (bad >= 0)
    throw new OperationError(
      `rows must be a list of strings, row ${bad} is ${describe(value[bad])}`,
    );
  return value as string[];
}

function storedLevel(service: LevelService, id: unknown): StoredLevel {
  const level = expectSync(service.get(levelId(id)));
  if (!level) throw new OperationError('unknown level');
  return level;
}

/** The answers of the table that `run` offers, each under its operation name. */
const ANSWER_OPERATIONS: Record<string, OperationSpec> = Object.fromEntries(
  ANSWER_NAMES.flatMap((name) => {
    const { operation } = ANSWERS[name];
    if (operation === null) return [];
    const spec: OperationSpec = {
      args: ['id'],
      apply: (service, [id]) => {
        const value = service.answers(storedLevel(service, id)).get(name);
        // A copy: the memo keeps renders, and the caller may change what it gets.
        return Array.isArray(value) ? [...value] : value;
      },
    };
    return [[operation, spec]];
  }),
);

export const OPERATIONS: Readonly<Record<string, OperationSpec>> = {
  load: {
    args: ['id', 'rows'],
    apply(service, [id, rows]) {
      const result = expectSync(service.load(levelId(id), levelRows(rows)));
      return result.ok ? 'ok' : `error: ${result.error.message}`;
    },
  },
  generate: {
    args: ['id', 'width', 'height', 'seed', 'options?'],
    apply(service, [id, width, height, seed, options]) {
      const result = expectSync(service.generate(levelId(id), { width, height, seed, options }));
      return result.ok ? 'ok' : `error: ${result.error.message}`;
    },
  },
  ...ANSWER_OPERATIONS,
  level: { args: ['id'], apply: (service, [id]) => [...storedLevel(service, id).rows] },
};

function applyOperation(service: LevelService, operation: unknown): Output {
  if (!Array.isArray(operation)) {
    throw new OperationError(
      `an operation must be a list like ["solve", "id"], got ${describe(operation)}`,
    );
  }
  if (operation.length === 0) {
    throw new OperationError(
      'an operation must not be empty: it starts with its name, like ["solve", "id"]',
    );
  }
  const [name, ...args] = operation;
  if (typeof name !== 'string') {
    throw new OperationError(
      `an operation must start with its name as a string, got ${describe(name)}`,
    );
  }
  if (!Object.hasOwn(OPERATIONS, name)) throw new OperationError(`unknown operation '${name}'`);
  const spec = OPERATIONS[name];
  const required = spec.args.filter((arg) => !arg.endsWith('?')).length;
  if (args.length < required || args.length > spec.args.length) {
    const expected =
      required === spec.args.length ? `${required}` : `${required} to ${spec.args.length}`;
    const names = spec.args.map((arg) => arg.replace('?', ' (optional)')).join(', ');
    throw new OperationError(
      `'${name}' takes ${expected} argument${spec.args.length === 1 ? '' : 's'} (${names}), got ${args.length}`,
    );
  }
  return spec.apply(service, args);
}

export function run(operations: unknown): unknown[] {
  if (!Array.isArray(operations))
    return [`error: operations must be a list, got ${describe(operations)}`];
  const service = LevelService.inMemory();
  return operations.map((operation) => {
    try {
      return applyOperation(service, operation);
    } catch (error) {
      if (error instanceof OperationError) return `error: ${error.message}`;
      // A bug must not take the other operations down with it; say so without a stack trace.
      return `error: internal error (${error instanceof Error ? error.message : String(error)})`;
    }
  });
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean')
    return `${typeof value} ${String(value)}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}
