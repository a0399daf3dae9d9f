// Every answer of the service's table (src/service/answers.ts) as one JSON-ready object, in
// the table's order: what `solve --json` and `generate --json` print.
import {
  ANSWER_NAMES,
  type AnswerName,
  type AnswerValue,
  type LevelAnswers,
} from '../service/index.js';

export function answersObject(answers: LevelAnswers): { [N in AnswerName]: AnswerValue<N> } {
  return Object.fromEntries(ANSWER_NAMES.map((name) => [name, answers.get(name)])) as {
    [N in AnswerName]: AnswerValue<N>;
  };
}
