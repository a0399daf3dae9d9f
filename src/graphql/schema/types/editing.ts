// Editing a level together (docs/graphql.md, "Editing together"): join a level's shared
// drawing, send edits (cell runs or whole rows, ordered by the server, last arrival wins),
// say where your pointer is, and hear everyone else's edits and presence on `levelEdits`.
import {
  type CellBox,
  type CellRun,
  type Collaborator,
  type DrawingEvent,
  type DrawingView,
  EDIT_BURST,
  EDIT_ERROR_CODES,
  EDITS_PER_SECOND,
  type EditErrorCode,
  type EditFailure,
  type JoinedSession,
  type MaybePromise,
  type Result,
  MAX_EDIT_CELLS,
  MAX_EDIT_RUNS,
  MAX_NAME_LENGTH,
  MOVES_PER_SECOND,
  PRESENCE_TIMEOUT_MS,
  isPromise,
} from '../../../service/index.js';
import { builder } from '../builder.js';
import { free } from '../pricing.js';
import { badInput, rethrowRefusal } from '../request-errors.js';
import { ClientError, clientErrorType } from './errors.js';
import { PositionRef } from './position.js';

export class EditError extends ClientError<EditErrorCode> {}

clientErrorType(EditError, {
  name: 'EditError',
  codeEnum: 'EditErrorCode',
  description: 'An edit, join or stream of a shared drawing refused; nothing was changed.',
  codes: EDIT_ERROR_CODES,
  codeDescription:
    'INVALID_ID: no level can have the id. INVALID_SESSION: a session id has 8 to 64 ' +
    'characters of A-Z a-z 0-9 _ -. UNKNOWN_LEVEL: no level has the id and it has no drawing. ' +
    'OUTSIDE_LEVEL: a cell of the edit is outside the drawing as it is when the edit is ' +
    'applied. UNKNOWN_GLYPH: a glyph that is not one of # . 1-9 ^ > v < a-d A-D S E. ' +
    `EDIT_TOO_LARGE: more than ${MAX_EDIT_CELLS} cells or ${MAX_EDIT_RUNS} runs in one edit. ` +
    'LEVEL_TOO_LARGE: rows over the level size limit, of different lengths, or none. ' +
    'INVALID_EDIT: neither or both of cells and rows, an edit number below 1, a name too long.',
});

const description = {
  id: 'The level (its saved versions are untouched by edits).',
  session:
    "The editing session's id, chosen by the client: 8 to 64 characters of A-Z a-z 0-9 _ -, " +
    'random enough that no one else picks it (one per browser tab, or per script run).',
};

const CellRunRef = builder.objectRef<CellRun>('CellRun').implement({
  description: 'A horizontal run of cells: `glyphs` from (row, col) rightwards, one glyph a cell.',
  fields: (t) => ({
    row: t.exposeInt('row', { description: 'The row, from 0 at the top.' }),
    col: t.exposeInt('col', { description: "The run's first column, from 0 at the left." }),
    glyphs: t.exposeString('glyphs', { description: 'One glyph per cell, left to right.' }),
  }),
});

const CellRunInput = builder.inputType('CellRunInput', {
  description: 'A horizontal run of cells: `glyphs` from (row, col) rightwards, one glyph a cell.',
  fields: (t) => ({
    row: t.int({ required: true, description: 'The row, from 0 at the top.' }),
    col: t.int({ required: true, description: "The run's first column, from 0 at the left." }),
    glyphs: t.string({
      required: true,
      description: 'One known glyph per cell (# . 1-9 ^ > v < a-d A-D S E), left to right.',
    }),
  }),
});

const CellBoxRef = builder.objectRef<CellBox>('CellBox').implement({
  description: 'An inclusive box of cells (a selection).',
  fields: (t) => ({
    top: t.exposeInt('top', { description: 'The first row.' }),
    left: t.exposeInt('left', { description: 'The first column.' }),
    bottom: t.exposeInt('bottom', { description: 'The last row.' }),
    right: t.exposeInt('right', { description: 'The last column.' }),
  }),
});

const CellBoxInput = builder.inputType('CellBoxInput', {
  description: 'An inclusive box of cells (a selection).',
  fields: (t) => ({
    top: t.int({ required: true, description: 'The first row.' }),
    left: t.int({ required: true, description: 'The first column.' }),
    bottom: t.int({ required: true, description: 'The last row.' }),
    right: t.int({ required: true, description: 'The last column.' }),
  }),
});

const PositionInput = builder.inputType('PositionInput', {
  description: 'A cell: row 0 is the top row.',
  fields: (t) => ({
    row: t.int({ required: true, description: 'The row, from 0 at the top.' }),
    col: t.int({ required: true, description: 'The column, from 0 at the left.' }),
  }),
});

const CollaboratorRef = builder.objectRef<Collaborator>('Collaborator').implement({
  description: 'Someone editing the level: a session of the editor, or a script.',
  fields: (t) => ({
    session: t.exposeID('session', { description: 'Their session id.' }),
    name: t.exposeString('name', { description: 'The name they joined with ("Guest": none).' }),
    colour: t.exposeString('colour', {
      description: 'Their colour, #rrggbb, chosen by the server from their session.',
    }),
    pointer: t.field({
      type: PositionRef,
      nullable: true,
      description: 'The cell under their pointer; null when it is off the grid.',
      resolve: (collaborator) => collaborator.pointer,
    }),
    selection: t.field({
      type: CellBoxRef,
      nullable: true,
      description: 'Their selection; null when they have none.',
      resolve: (collaborator) => collaborator.selection,
    }),
  }),
});

const SharedDrawingRef = builder.objectRef<DrawingView>('SharedDrawing').implement({
  description: 'The shared drawing of a level: what everyone editing it sees, saved or not.',
  fields: (t) => ({
    levelId: t.exposeID('id', { description: 'The level.' }),
    seq: t.exposeInt('seq', {
      description:
        'The last edit applied (0: none since the drawing was made from a saved version). ' +
        'Stream `levelEdits` with `after` = this to hear every edit after it.',
    }),
    rows: t.stringList({
      description: 'The drawing, one string a row.',
      resolve: (d) => [...d.rows],
    }),
    width: t.int({ description: 'Cells a row.', resolve: (d) => d.rows[0]?.length ?? 0 }),
    height: t.int({ description: 'Rows.', resolve: (d) => d.rows.length }),
    savedVersion: t.exposeInt('savedVersion', {
      nullable: true,
      description: "The level's current saved version; null when the level is deleted.",
    }),
    unsaved: t.exposeBoolean('unsaved', {
      description: "Whether the rows differ from the saved version's (saving makes a version).",
    }),
  }),
});

const LevelSessionRef = builder.objectRef<JoinedSession>('LevelSession').implement({
  description: 'A session joined to the editing of a level.',
  fields: (t) => ({
    session: t.exposeID('session', { description: 'The session id, as sent.' }),
    name: t.exposeString('name', { description: 'The name others see.' }),
    colour: t.exposeString('colour', { description: 'The colour others see, #rrggbb.' }),
    drawing: t.field({
      type: SharedDrawingRef,
      description: 'The shared drawing now.',
      resolve: (joined) => joined.drawing,
    }),
    collaborators: t.field({
      type: [CollaboratorRef],
      description: 'Everyone else editing the level now.',
      resolve: (joined) => joined.collaborators,
    }),
  }),
});

const EditAcceptedRef = builder.objectRef<{ readonly seq: number }>('EditAccepted').implement({
  description: 'An edit stored: it is kept whatever happens to the server from now on.',
  fields: (t) => ({
    seq: t.exposeInt('seq', {
      description: "The edit's place in the level's order (a resend: the first one's).",
    }),
  }),
});

/** The service's result as the field's answer, a failure as an EditError. */
function answer<T>(run: () => MaybePromise<Result<T, EditFailure>>): MaybePromise<T> {
  const settle = (result: Result<T, EditFailure>): T => {
    if (result.ok) return result.value;
    throw new EditError(result.error);
  };
  let outcome: MaybePromise<Result<T, EditFailure>>;
  try {
    outcome = run();
  } catch (error) {
    return rethrowRefusal(error);
  }
  return isPromise(outcome) ? outcome.then(settle, rethrowRefusal) : settle(outcome);
}

builder.mutationFields((t) => ({
  joinLevel: t.field({
    type: LevelSessionRef,
    description:
      'Joins the editing of a level: its shared drawing now, and who else is here. The first ' +
      'join (or edit) of a level makes its drawing from the current saved version. Stream ' +
      '`levelEdits(id, after: drawing.seq, session)` next, to hear every later edit.',
    args: {
      id: t.arg.id({ required: true, description: description.id }),
      session: t.arg.id({ required: true, description: description.session }),
      name: t.arg.string({
        description: `The name others see, at most ${MAX_NAME_LENGTH} characters; "Guest" when left out.`,
      }),
    },
    extensions: free('answers one drawing, at most the level size limit'),
    errors: {
      types: [EditError],
      directResult: true,
      union: { name: 'JoinLevelResult', description: 'The session joined, or why not.' },
    },
    resolve: (_root, { id, session, name }, context) =>
      answer(() => context.service.drawings.join(id, session, name)),
  }),
  editLevel: t.field({
    type: EditAcceptedRef,
    description:
      'One edit of the shared drawing: `cells` (runs of glyphs) or `rows` (the whole drawing, ' +
      'e.g. a resize). Edits are applied in the order they reach the server and stored before ' +
      'the answer; a cell painted by two sessions ends as the later one left it. The drawing ' +
      'may be an invalid level meanwhile (two S while one is moved): checkLevel tells. A ' +
      `client (remote address) sending more than ${EDITS_PER_SECOND} edits a second (${EDIT_BURST} ` +
      'at once) gets TOO_MANY_EDITS (HTTP 429).',
    args: {
      id: t.arg.id({ required: true, description: description.id }),
      session: t.arg.id({ required: true, description: description.session }),
      edit: t.arg.int({
        required: true,
        description:
          "The session's own number for this edit (1, 2, 3, ...): the same (session, edit) sent " +
          "again answers the first one's seq and changes nothing, so resend freely after a lost answer.",
      }),
      cells: t.arg({
        type: [CellRunInput],
        description: `The cells, as runs (at most ${MAX_EDIT_RUNS} runs, ${MAX_EDIT_CELLS} cells).`,
      }),
      rows: t.arg.stringList({
        description: 'The whole drawing, one string a row (a new size, a pasted level).',
      }),
    },
    extensions: free('applies cells without solving; its size is bounded by the body limit'),
    errors: {
      types: [EditError],
      directResult: true,
      union: { name: 'EditLevelResult', description: 'The edit stored, or why not.' },
    },
    resolve: (_root, { id, session, edit, cells, rows }, context) =>
      answer(() =>
        context.service.drawings.edit(id, session, edit, { cells, rows }, context.client),
      ),
  }),
  moveInLevel: t.boolean({
    description:
      'Where the session points and what it selects, for the others to see; it also keeps the ' +
      `session here (one not heard for ${PRESENCE_TIMEOUT_MS / 1000} s leaves): send it at least ` +
      `every 10 s. False when dropped: the session has not joined, or sent more than ` +
      `${MOVES_PER_SECOND} a second.`,
    args: {
      id: t.arg.id({ required: true, description: description.id }),
      session: t.arg.id({ required: true, description: description.session }),
      pointer: t.arg({
        type: PositionInput,
        description: 'The cell under the pointer; null when it is off the grid.',
      }),
      selection: t.arg({ type: CellBoxInput, description: 'The selection; null when none.' }),
    },
    extensions: free('a few numbers for the others to see'),
    resolve: (_root, { id, session, pointer, selection }, context) =>
      context.service.drawings.move(
        id,
        session,
        pointer ? [pointer.row, pointer.col] : null,
        selection ?? null,
      ),
  }),
  leaveLevel: t.boolean({
    description:
      'The session stops editing the level (others see it go); false when it was not here.',
    args: {
      id: t.arg.id({ required: true, description: description.id }),
      session: t.arg.id({ required: true, description: description.session }),
    },
    extensions: free('forgets one session'),
    resolve: (_root, { id, session }, context) => context.service.drawings.leave(id, session),
  }),
}));

const CellsEditedRef = builder
  .objectRef<Extract<DrawingEvent, { kind: 'edited' }>>('CellsEdited')
  .implement({
    description: 'Cells of the drawing changed.',
    isTypeOf: (event) => (event as DrawingEvent).kind === 'edited',
    fields: (t) => ({
      seq: t.exposeInt('seq', { description: "The edit's place in the level's order." }),
      session: t.exposeID('session', { description: 'Who sent it.' }),
      edit: t.exposeInt('edit', { description: "The sender's number for it." }),
      cells: t.field({
        type: [CellRunRef],
        description: 'The cells, as runs.',
        resolve: (event) => event.cells,
      }),
    }),
  });

const DrawingReplacedRef = builder
  .objectRef<Extract<DrawingEvent, { kind: 'replaced' }>>('DrawingReplaced')
  .implement({
    description:
      "The whole drawing replaced: by a session's `rows` edit, or by the server (session and " +
      'edit null): a save by someone else of a drawing that had nothing unsaved, or a stream ' +
      'catching up from further back than the server keeps edits.',
    isTypeOf: (event) => (event as DrawingEvent).kind === 'replaced',
    fields: (t) => ({
      seq: t.exposeInt('seq', { description: 'The seq of the drawing as these rows are.' }),
      session: t.exposeID('session', {
        nullable: true,
        description: 'Who sent it; null: the server.',
      }),
      edit: t.exposeInt('edit', { nullable: true, description: "The sender's number for it." }),
      rows: t.stringList({
        description: 'The whole drawing.',
        resolve: (event) => [...event.rows],
      }),
    }),
  });

const CollaboratorMovedRef = builder
  .objectRef<Extract<DrawingEvent, { kind: 'moved' }>>('CollaboratorMoved')
  .implement({
    description:
      'Someone joined, or moved their pointer or selection (at the start: everyone here).',
    isTypeOf: (event) => (event as DrawingEvent).kind === 'moved',
    fields: (t) => ({
      collaborator: t.field({
        type: CollaboratorRef,
        description: 'Who, and where.',
        resolve: (event) => event.collaborator,
      }),
    }),
  });

const CollaboratorLeftRef = builder
  .objectRef<Extract<DrawingEvent, { kind: 'left' }>>('CollaboratorLeft')
  .implement({
    description: `Someone left (or was not heard for ${PRESENCE_TIMEOUT_MS / 1000} s).`,
    isTypeOf: (event) => (event as DrawingEvent).kind === 'left',
    fields: (t) => ({
      session: t.exposeID('session', { description: 'Their session id.' }),
    }),
  });

const LevelEditEvent = builder.unionType('LevelEditEvent', {
  description: 'What a stream of a shared drawing hears.',
  types: [CellsEditedRef, DrawingReplacedRef, CollaboratorMovedRef, CollaboratorLeftRef],
});

builder.subscriptionField('levelEdits', (t) =>
  t.field({
    type: LevelEditEvent,
    description:
      "Every edit of the level's shared drawing with seq above `after`, in seq order, then " +
      'live; and who comes, moves and goes (everyone here now first). With `session`, that ' +
      'session is here while the stream is open, and leaves when it ends. A stream that fell ' +
      'further behind than the server keeps edits is sent one DrawingReplaced, then goes on. ' +
      "A bad id, session or `after` is a BAD_USER_INPUT error, the stream's one event.",
    args: {
      id: t.arg.id({ required: true, description: description.id }),
      after: t.arg.int({
        required: true,
        description: "The seq the client has (joinLevel's drawing.seq, or the last heard).",
      }),
      session: t.arg.id({ description: description.session }),
    },
    extensions: free('a stream of edits, each bounded like editLevel'),
    subscribe: (_root, { id, after, session }, context) => {
      let edits;
      try {
        edits = context.service.drawings.subscribe(
          id,
          after,
          session ?? null,
          context.signal,
          context.client,
        );
      } catch (error) {
        return rethrowRefusal(error);
      }
      if (!edits.ok) throw badInput(`${edits.error.code}: ${edits.error.message}`);
      return edits.value;
    },
    resolve: (event: DrawingEvent) => event,
  }),
);
