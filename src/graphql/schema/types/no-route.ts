// Why an answer is null: `noRoute` on LevelAnswers says why E cannot be reached (the steps,
// paths, renders and costs are null then), from the same search as `unreachable`.
import { NO_ROUTE_REASONS, type NoRoute, noRouteOf } from '../../../service/index.js';
import { builder } from '../builder.js';
import { plainLevel } from '../loaders.js';
import { rethrowRefusal } from '../request-errors.js';
import { LevelAnswers } from './level-answers.js';
import { PositionRef } from './position.js';

/** What each reason means; the first that holds is the one answered. */
const REASON_TEXT: Readonly<Record<(typeof NO_ROUTE_REASONS)[number], string>> = {
  WALLED_OFF: 'Walls close every way on: no gate or door is at the edge of the cells S reaches.',
  KEY_MISSING: 'A door at the edge has no key in the level: it never opens.',
  KEY_BEHIND_ITS_DOOR:
    'A door at the edge has its key behind that same door (nothing else in the way).',
  KEY_OUT_OF_REACH: 'A door at the edge has its key out of reach, behind other doors or gates.',
  ONE_WAY_GATES: 'Only gates are at the edge, each entered against its arrow from every side.',
  KEY_TOO_LATE:
    'The keys of the doors at the edge can be picked up, but no walk holding one reaches its door.',
};

const NoRouteReason = builder.enumType('NoRouteReason', {
  description:
    'Why E cannot be reached: the first that holds, in the order WALLED_OFF, KEY_MISSING, ' +
    'KEY_BEHIND_ITS_DOOR, KEY_OUT_OF_REACH, ONE_WAY_GATES, KEY_TOO_LATE.',
  values: Object.fromEntries(
    NO_ROUTE_REASONS.map((reason) => [reason, { description: REASON_TEXT[reason] }]),
  ) as Record<(typeof NO_ROUTE_REASONS)[number], { description: string }>,
});

const NoRouteRef = builder.objectRef<NoRoute>('NoRoute').implement({
  description:
    'Why E cannot be reached, so why `steps`, `path`, `render`, `cheapest`, `cheapestPath`, ' +
    '`cheapestRender` and `shortestWalks` are null.',
  fields: (t) => ({
    reason: t.field({
      type: NoRouteReason,
      description: 'The reason, to branch on.',
      resolve: (noRoute) => noRoute.reason,
    }),
    message: t.exposeString('message', { description: 'The reason in words.' }),
    blockers: t.field({
      type: [PositionRef],
      description:
        'The gates and doors at the edge of the cells a walk from S can reach, in row-major ' +
        'order: what stops every walk (empty when only walls do).',
      resolve: (noRoute) => [...noRoute.blockers],
    }),
    doors: t.stringList({
      description: 'The letters of the doors among the blockers, in alphabetical order.',
      resolve: (noRoute) => [...noRoute.doors],
    }),
  }),
});

builder.interfaceField(LevelAnswers, 'noRoute', (t) =>
  t.field({
    type: NoRouteRef,
    nullable: true,
    description:
      'Why E cannot be reached (and so why the answers about the walk from S to E are null); ' +
      'null when it can. Computed from the search of `unreachable`, and priced like it.',
    resolve: (level, _args, context) =>
      noRouteOf(context.service, plainLevel(level), context.signal).catch(rethrowRefusal),
  }),
);
