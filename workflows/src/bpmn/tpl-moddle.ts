/**
 * Our BPMN extension (prefix `tpl`), read by BOTH the console's bpmn-js designer
 * (`moddleExtensions: { tpl: tplModdleDescriptor }`) and the server's engine, so a model
 * drawn in the designer means exactly what the engine executes.
 *
 * On bpmn:UserTask:
 * - `tpl:assignee`       one account, or `${variable}` (e.g. `${initiator}`, `${approver}`)
 * - `tpl:candidateRoles` role aliases, comma separated (any holder may claim the task)
 * - `tpl:candidateUsers` accounts or `${variable}`s, comma separated
 * - `tpl:formKey`        which form the task shows (a document type or a deploy form's key)
 * On bpmn:Process:
 * - `tpl:documentType`   the document type whose review this process drives (optional)
 *
 * Conditions are NOT an extension: a sequence flow carries a standard
 * `bpmn:conditionExpression` whose body is a jexl expression over the process variables
 * (the document's fields); `language` may be omitted or "jexl" (see condition.ts).
 */
export const TPL_NAMESPACE = 'http://tpl-console.dev/schema/bpmn/1.0';

export const tplModdleDescriptor = {
  name: 'Tpl',
  prefix: 'tpl',
  uri: TPL_NAMESPACE,
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'UserTaskAssignment',
      isAbstract: true,
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateRoles', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'formKey', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'ProcessDocument',
      isAbstract: true,
      extends: ['bpmn:Process'],
      properties: [{ name: 'documentType', isAttr: true, type: 'String' }],
    },
  ],
  enumerations: [],
} as const;

/** The attribute names of a user task's assignment, as the designer's properties panel edits them. */
export const userTaskAttributes = ['assignee', 'candidateRoles', 'candidateUsers', 'formKey'] as const;
export type UserTaskAttribute = (typeof userTaskAttributes)[number];
