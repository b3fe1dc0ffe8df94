import { ApiError, SepaBatch, SepaBatchParams } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const tags = ['operator'];
const header = 'Header X-Operator-Key (OPERATOR_KEY); 404 `sepa_not_provider` unless PAYOUT_PROVIDER=sepa.';

/**
 * The operator's SEPA batches (PAYOUT_PROVIDER=sepa; payouts/sepa-batches.ts): the due bank
 * transfers as a pain.001.001.09 file to upload to the brand's bank, confirmed (paid) or cancelled.
 * Header X-Operator-Key = OPERATOR_KEY, as the other operator calls.
 */
const sepaBatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', app.health.requireOperator);

  app.post(
    '/operator/payouts/sepa-batches',
    {
      schema: {
        tags,
        summary: 'Makes a batch of every due bank transfer: its pain.001.001.09 file',
        description: `${header} Every requested bank transfer not paid and in no open batch (an account frozen by its owner waits), once; 409 \`no_due_transfers\` when there is none.`,
        response: { 200: SepaBatch, 401: ApiError, 404: ApiError, 409: ApiError },
      },
    },
    async () => app.sepaBatches.create(),
  );

  app.get(
    '/operator/payouts/sepa-batches/:id',
    { schema: { tags, summary: 'A batch and its file, again', description: header, params: SepaBatchParams, response: { 200: SepaBatch, 401: ApiError, 404: ApiError } } },
    async (request) => app.sepaBatches.get(request.params.id),
  );

  app.post(
    '/operator/payouts/sepa-batches/:id/confirm',
    {
      schema: {
        tags,
        summary: "The bank took the batch's file: its transfers are paid",
        description: `${header} Again: the same answer. A cancelled batch: 409 \`sepa_batch_cancelled\`.`,
        params: SepaBatchParams,
        response: { 200: SepaBatch, 401: ApiError, 404: ApiError, 409: ApiError },
      },
    },
    async (request) => app.sepaBatches.confirm(request.params.id),
  );

  app.post(
    '/operator/payouts/sepa-batches/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Drops a batch before it is confirmed: its transfers are due again',
        description: `${header} A confirmed batch: 409 \`sepa_batch_confirmed\`.`,
        params: SepaBatchParams,
        response: { 200: SepaBatch, 401: ApiError, 404: ApiError, 409: ApiError },
      },
    },
    async (request) => app.sepaBatches.cancel(request.params.id),
  );
};

export default sepaBatchRoutes;
