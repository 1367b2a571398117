// generated — do not edit. Source: spec/ (hand-written OpenAPI 3.1); regenerate with `npm run generate`.
export interface paths {
    "/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transactions
         * @description Returns the merchant's transactions in the key's mode, in the paginated envelope, as a light projection
         *     (`TransactionListItem`), newest first by default. Besides `createdAt`, `updatedAt` and `id`, `sort` accepts
         *     `amount`. The `daterange` parameters filter on `createdAt`. The filters combine (all must hold):
         *     `status` and `method` keep one status or method, `customerid` the transactions of one customer, and
         *     `externalreference` those whose `externalReference` equals the value exactly. A lower `daterange` bound later than the upper one is `422 unprocessableEntity`.
         *
         *     This list is for reconciliation and back-office screens. To learn the outcome of charges, subscribe to
         *     webhooks: listing over and over to watch statuses counts against the rate limit like any other polling.
         */
        get: operations["listTransactions"];
        put?: never;
        /**
         * Create a transaction
         * @description Creates a charge by PIX, credit card or billet and answers at once `201 Created` with a summary whose status
         *     is `pending` (no `Location` header; the summary's `_links.self` names the transaction). The charge is processed
         *     in the background, possibly over more than one route: the outcome is announced by webhook
         *     (`transaction.approved`, `transaction.failed`, …) and shown by reading the transaction. A card refusal is never
         *     an error of this request: the transaction becomes `failed` and `transaction.failed` is sent. PIX QR codes and
         *     billets are issued in the background within seconds; read the transaction once to show them, or send the payer
         *     to its `payment.invoiceLink`.
         *
         *     The body depends on `payment.method` (see `CreateTransactionRequest`). The payer is either an existing customer
         *     (`customerId`) or given inline (`customer`), in which case the customer with that document, or else with that
         *     e-mail, is used, and a new one is created when there is none; exactly one of the two is required (`400
         *     invalidParameters`). A new inline payer is created together with the transaction, in one step: its
         *     `customer.created` is recorded just before `transaction.created`, and a refused request creates no customer.
         *     Requests at the same moment for the same new payer create one customer (the one with that document, or without a
         *     document the one with that e-mail) and all charge it. `items`, when sent (at most 100), must add up to `amount`.
         *     `metadata` takes up to 50 keys.
         *     With `X-Idempotency-Key`, a retry returns the stored `201` with `Idempotent-Replayed: true` and creates nothing.
         *
         *     Refusals before anything is created (no transaction, no customer, no event): a body larger than 1 MiB is `413`;
         *     items that do not add up to `amount` are `422 itemsTotalMismatch`; a CPF or CNPJ whose check digits are wrong is
         *     `422 invalidDocument`; a card number failing the Luhn check, expired or of an unsupported brand is `422
         *     invalidCard`; a `customerId` or item `variantId` naming nothing of the merchant, a retired customer, a billet
         *     for a customer without a document or a `dueDate` out of range are `422 unprocessableEntity`; an item `variantId`
         *     naming a disabled variant, or a variant of a disabled product, is `422 variantDisabled`; a production key
         *     with no payment provider configured for the method is `422 providerNotConfigured` (resource `payorch`); every
         *     route for the method known to be down at that moment is `503 providerUnavailable` (retry with backoff). Routes
         *     that fail after the `201` do not make the request fail: the transaction goes `awaiting` and is retried in the
         *     background. (This version keeps no health record of the routes, so it always answers `201` and an outage shows
         *     as `awaiting`.) A method the merchant's fee plan has no rate for is `422 unprocessableEntity`.
         */
        post: operations["createTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{transactionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a transaction
         * @description Returns the transaction with its payment details, customer, items, receivables, splits, refunds, disputes and
         *     timeline: the same object the `transaction.*` webhooks carry in `payload.object`. A transaction of another
         *     merchant or of the other mode is `404 transactionNotFound`.
         *
         *     Do not poll this operation to learn the outcome of a charge: besides the key's quota, reading the same
         *     transaction more than 30 times in 10 minutes (by default) is `429 tooManyRequests` (see `Retry-After`). Subscribe to the
         *     webhooks and read the transaction once when one arrives, or once after creation to show a PIX QR code or a
         *     billet.
         */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{transactionId}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture a pre-authorized card transaction
         * @description Takes the money of a card authorization obtained with `capture: false`. Only a `pre-authorized` transaction
         *     can be captured (`422 invalidTransition` otherwise, for example when it is already `approved` or the
         *     authorization lapsed and it is `canceled`); an authorization not captured within 7 days is released and the
         *     transaction becomes `canceled`.
         *
         *     Without a body, or without `amount`, the whole authorized amount is captured. With `amount`, from 1 to the
         *     authorized amount is captured (`422 captureAmountInvalid` otherwise) and the rest is released to the payer's
         *     card at once; a transaction is captured only once. The answer is the transaction, now `approved`, with
         *     `capturedAmount` set, receivables created from the captured amount, a `capture` timeline entry and
         *     `transaction.approved` sent.
         *
         *     The capture is sent to the acquirer during the request. When the acquirer declines it synchronously (the
         *     issuer no longer honours the authorization) the answer is `402 paymentDeclined`: nothing is captured, the
         *     transaction stays `pre-authorized` (a `capture` timeline entry records the decline) and may be captured again
         *     or canceled. When the acquirer cannot be reached (it says so) the answer is `503 providerUnavailable` and nothing
         *     changed: retry with backoff and the same `X-Idempotency-Key`.
         *
         *     When the acquirer does not answer in time, the capture may have been made: it is never assumed either way. The
         *     answer is `503 providerUnavailable` whose message says the capture was sent and is being confirmed; the
         *     transaction stays `pre-authorized` (with a `capture` timeline entry saying it is unconfirmed) and is held: another
         *     capture, a cancel, or the lapse of the authorization waits (`422 invalidTransition` meanwhile) until the acquirer
         *     is asked again under the same capture key and answers. Then the outcome is recorded as this request would have
         *     recorded it: `approved` with `transaction.approved` when it was captured (once), or still `pre-authorized` when
         *     it was not (a `capture` timeline entry records the decline) and it can be captured again.
         */
        post: operations["captureTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{transactionId}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a transaction
         * @description Gives back to the payer all or part of what an `approved` transaction captured. Any other status is `422
         *     invalidTransition` (a `pending` or `pre-authorized` transaction is canceled instead, a `dispute` is settled by
         *     the dispute, a `refunded` one has nothing left). Without `amount` everything still refundable is refunded: the
         *     captured amount minus the refunds `pending` or `succeeded`; a larger `amount`, or a refund when nothing is
         *     left, is `422 refundAmountInvalid`. Several partial refunds may follow one another.
         *
         *     The refund is sent to the provider during the request and the answer is `201` with the refund: `succeeded` when
         *     the provider confirmed it at once (cards and PIX, usually), `pending` when it confirms later (a billet refund is
         *     a PIX transfer to the payer's CPF/CNPJ key). The transaction then lists it first in `refunds` and adds a
         *     `refund` timeline entry. When its `succeeded` refunds reach the captured amount the transaction becomes
         *     `refunded` (`transaction.refunded`); a partial refund keeps it `approved` (`transaction.partially-refunded`).
         *     Receivables not yet paid are reduced first (last installment first); what was already settled is debited from
         *     the balance. A provider that cannot be reached is `503 providerUnavailable` and nothing is created: retry with
         *     backoff and the same `X-Idempotency-Key`. A provider that takes the refund but does not answer in time leaves it
         *     `pending` (`201`): it is confirmed in the background (`succeeded`, or `failed` if it never arrived) and must not be
         *     asked again. A refund that completes while the transaction is in `dispute` changes its amounts, not its status;
         *     the dispute covers only what is not being refunded.
         */
        post: operations["createTransactionRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{transactionId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a transaction
         * @description Stops a charge that has not taken money: a `pending` or `awaiting` transaction (a PIX QR code is invalidated,
         *     a billet is written off at the bank, a card charge in progress is stopped and any authorization obtained
         *     meanwhile is voided), or a `pre-authorized` one (the authorization is released to the payer's card). The
         *     answer is the transaction, now `canceled` (terminal), with a `status` timeline entry, and `transaction.canceled`
         *     is sent. The optional `reason` is recorded in a `note` timeline entry.
         *
         *     Any other status is `422 invalidTransition`: an `approved` transaction is refunded instead, and one in
         *     `analyzing` or `fraud-review` waits for the analysis. The provider is told during the request; when it cannot be
         *     reached (it says so) the answer is `503 providerUnavailable` and nothing changed.
         *
         *     When the provider does not answer in time, the void may have been made: it is never assumed either way. The
         *     answer is `503 providerUnavailable` whose message says the cancel was sent and is being confirmed; the
         *     transaction keeps its status (a `note` timeline entry says the cancel is unconfirmed) and is held: a capture,
         *     another cancel or an expiry waits (`422 invalidTransition` meanwhile) until the provider is asked again under the
         *     same cancel key and answers. The transaction then becomes `canceled` with `transaction.canceled` and the
         *     `reason`, once.
         *
         *     A PIX the payer has already paid at the PSP cannot be canceled there: the answer is `422 invalidTransition`
         *     (its message says the payer paid first), a `note` timeline entry says the provider refused the cancel, and the
         *     payment, reported by the PSP, approves the transaction. A retry under the same `X-Idempotency-Key` answers the
         *     same, as does the retry of a cancel that was being confirmed when the PSP refused it.
         */
        post: operations["cancelTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a sandbox test clock (the issue's path)
         * @description The path the recurring-billing issue named for creating a clock: the same operation as
         *     `POST /v1/sandbox/clocks` (same body, same answer). The clocks live in the collection `/v1/sandbox/clocks`,
         *     where they are listed, read, attached to and advanced.
         *
         *     Only sandbox keys may call it: a production key is `403 sandboxOnly`.
         */
        post: operations["createSandboxClockAtClockPath"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/clocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sandbox test clocks
         * @description The merchant's sandbox clocks in the paginated envelope, newest first. Only sandbox keys may call it: a
         *     production key is `403 sandboxOnly`.
         */
        get: operations["listSandboxClocks"];
        put?: never;
        /**
         * Create a sandbox test clock
         * @description Creates a sandbox test clock standing at `now` (the current time when omitted). Attach subscriptions to it
         *     (`POST /v1/sandbox/clocks/{clockId}/subscriptions`, or `clockId` when creating the subscription), then advance it:
         *     their cycles, trials, failed charges and retries play out on the clock's time, in order, in one call. See the
         *     Sandbox chapter, "Test clocks".
         *
         *     Only sandbox keys may call it: a production key is `403 sandboxOnly`. It takes no `X-Idempotency-Key`: a retried
         *     creation makes a second clock, which costs nothing in sandbox.
         */
        post: operations["createSandboxClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/clocks/{clockId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a sandbox test clock
         * @description The clock as it stands: its `now`, whether an advance is running (`advancing`), when its next job falls due
         *     and how many subscriptions are attached. Only sandbox keys may call it: a production key is `403 sandboxOnly`.
         */
        get: operations["getSandboxClock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/clocks/{clockId}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Advance a sandbox test clock
         * @description Moves the clock forward to `to`, running on the way every background job that falls due on the clock before
         *     or at `to`, one at a time in the order they fall due: the clock's `now` is set to each job's due time, and
         *     the job runs through the same job handlers as the service's workers. The work a job starts (the processing of
         *     a charge a renewal created, a retry after a failure) joins the clock and runs on it too, before the next
         *     renewal. Then the clock stands at `to`.
         *
         *     The call is synchronous: it answers `200` with the clock once everything due has run (a year of monthly
         *     cycles takes a few seconds). A second advance of the same clock while one runs is `409 sandboxClockBusy`;
         *     advancing again to the same `to` is harmless (nothing is due any more), which makes retries safe. `to`
         *     earlier than the clock's `now`, or more than five calendar years after it, is `422 sandboxClockTimeInvalid`.
         *     One advance runs at most 10,000 jobs: a clock with more due stops at the due time of the last one it ran and
         *     answers `422 sandboxClockTooManyJobs` (advance again to go on). See the Sandbox chapter, "Test clocks".
         *
         *     Only sandbox keys may call it: a production key is `403 sandboxOnly`.
         */
        post: operations["advanceSandboxClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/clocks/{clockId}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach a subscription to a sandbox test clock
         * @description Puts a sandbox subscription on the clock: from then on it reads "now" on the clock, and its scheduled jobs
         *     (those whose payload names it as `subscriptionId`) wait for the clock: a job due at a wall-clock time is moved
         *     to the same distance from the clock's `now`. Only a subscription with no billing cycle yet may be attached
         *     (a clock rewriting the time of a period already billed would contradict that bill), and a subscription stays
         *     on its clock for good: attaching it to another clock is `422 subscriptionNotAttachable`. Attaching it again
         *     to the same clock changes nothing. Creating the subscription with `clockId` does the same in one step.
         *
         *     Only sandbox keys may call it: a production key is `403 sandboxOnly`.
         */
        post: operations["attachSandboxClockSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/transactions/{transactionId}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate the payer's or the network's side of a sandbox transaction
         * @description Makes happen to a sandbox transaction what a payer, a bank or a card network would do: pay or let expire a PIX
         *     or billet, let a pre-authorization lapse, open a dispute and win or lose it (the table is in
         *     `SimulateTransactionRequest`). The change goes through the same state machine as a real one: the answer is the
         *     transaction after it, its timeline and receivables are updated and the same webhook is sent. An action the
         *     transaction's status or method does not allow is `422 invalidTransition`.
         *
         *     Only sandbox keys may call it: a production key is `403 sandboxOnly`. It takes no `X-Idempotency-Key`: an
         *     action repeated after it took effect is refused with `422 invalidTransition`, which makes retries harmless.
         *     `expire` asks the provider to void the QR code, billet or authorization, as a real expiry would; when the provider
         *     cannot be reached the answer is `503 providerUnavailable` and nothing changed.
         *
         *     `pay` and `expire` work right after the `201` of a PIX or billet, with no need to wait or poll: when its QR code
         *     or billet is still being issued in the background, the call first issues it itself, exactly as the background
         *     job would (same route, same idempotency key, so the provider issues it once and the job, running before, beside
         *     or after the call, finds it issued and does nothing more), and then pays or expires it. The answer then carries
         *     the QR code or billet fields and the timeline shows the issue before the payment or expiry. When no route can
         *     issue it at that moment the answer is `503 providerUnavailable` and the transaction is not paid or expired.
         */
        post: operations["simulateSandboxTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream the sandbox's webhook events as they happen
         * @description Opens a [server-sent events](https://html.spec.whatwg.org/multipage/server-sent-events.html) stream
         *     (`text/event-stream`) of the merchant's **sandbox** webhook events, as they are recorded: what
         *     `npm run cli -- listen --forward-to <url>` reads to forward events to a receiver on the developer's machine, which
         *     the service itself may not be able to reach. Nothing has to be registered: every sandbox event of the merchant is
         *     streamed, whether or not an endpoint is subscribed to it, and the webhook endpoints' own deliveries go on as
         *     usual.
         *
         *     The stream sends three kinds of messages:
         *
         *     - `event: ready`, once, first: `data` is `{"secret":"whsec_…"}`, the merchant's **listen secret**: the key that
         *       deliveries forwarded from this stream are signed with, exactly as real deliveries are signed with an endpoint's
         *       `secret` (see the Webhooks chapter). It is the same on every connection of the merchant (it does not change
         *       from one `listen` to the next), so a receiver can keep it in its configuration. It is derived for each merchant
         *       from the service's secrets key (nothing is stored): it changes only if the service's operator replaces that key,
         *       it cannot be rolled, and it signs nothing but what is forwarded from this stream.
         *     - `event: delivery`, one per event, in the order they were recorded, with `id:` the event's id: `data` is
         *       `{"id":"wbh_…","type":"transaction.approved","body":"<the delivery body>"}`, where `body` is the exact text a
         *       webhook endpoint would be POSTed for this event (`{"id","type","source":"automatic","payload","createdAt"}`,
         *       see `TransactionWebhookDelivery`). The forwarder POSTs `body` as it is, signed with the listen secret and a
         *       timestamp of each attempt, with the Standard Webhooks headers and `X-Service-Signature`.
         *     - a comment line (`: keep-alive`) every 15 seconds while nothing happens, so that proxies keep the connection.
         *
         *     **Resent events.** An event sent again with `POST /v1/webhooks/events/{eventId}/redeliver` (sandbox, without
         *     `endpointId`, or with `listen: true`) comes again as a `delivery` whose `data` carries the **same event id** and
         *     type; its `body` is the original event with `"source":"manual"`, exactly what an endpoint is POSTed for the
         *     resend. Its `id:` line is not the event's id but the resend's own, `wbr_…`: each message of the stream has an id
         *     of its own, so that `Last-Event-ID` names one place in the stream. A resend takes its place in the stream's order
         *     where it was recorded, under the same rules as a new event (below), and a stream resumed from before it sends
         *     it, once; one resumed from after it (its `wbr_…` id, or a later one) does not. A stream sends a resend only if
         *     it was recorded after the stream opened (or after the `Last-Event-ID`); resending an event never changes where
         *     the original stands.
         *
         *     A stream starts with the events recorded after it opened. A client that reconnects sends the `id:` of the last
         *     `delivery` it got (a `wbh_…` event id, or a `wbr_…` resend id) in the `Last-Event-ID` header (as browsers' `EventSource` does): the events recorded after that
         *     one (within the 30 days events are kept) are sent first, then the new ones, so a dropped connection loses
         *     nothing, and nothing twice. (It may send, besides, an event recorded just before the first stream opened by a
         *     change that was still running alongside another one: never fewer events than the stream would have sent.) An
         *     unknown or expired `Last-Event-ID` (an event, or a resend, more than 30 days old) is `404 webhookEventNotFound`. `type` keeps only the events of
         *     the listed types (repeat the parameter).
         *
         *     New events reach the stream within about half a second of being recorded. The order is exact, so that resuming
         *     is: an event is sent only once every change the service began before it is committed (events recorded by changes
         *     running at the same time come in the order those changes began), which can hold an event back for as long as
         *     such a change takes. When the service stops, its streams end; reconnect with `Last-Event-ID`.
         *
         *     Only sandbox keys may open it: a production key is `403 sandboxOnly`. A merchant may hold at most 5 streams open
         *     at once; a sixth is `429 tooManyRequests` with `Retry-After`. Opening a stream counts as one request against the
         *     key's quota, however long it stays open.
         */
        get: operations["streamSandboxEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description Returns the merchant's customers in the key's mode in the paginated envelope, as a light projection
         *     (`CustomerListItem`), newest first by default. Besides `createdAt`, `updatedAt` and `id`, `sort` accepts
         *     `firstName`, `lastName` and `email`. The `daterange` parameters filter on `createdAt`.
         *
         *     The filters combine (all must hold). `id`, `email`, `document`, `telephoneline` and `externalreference` match
         *     exactly (`email` ignoring case, `document` and `telephoneline` ignoring punctuation); `name` matches part of
         *     `firstName lastName`, ignoring case and accents. A filter that matches nothing gives an empty page, never a
         *     `404`. A lower `daterange` bound later than an upper one is `422 unprocessableEntity`.
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create a customer
         * @description Creates a customer in the key's mode and emits `customer.created`. `firstName`, `lastName` and `email` are
         *     required; the other fields may be omitted (they are then `null`, and `metadata` `{}`). `available` starts true
         *     and `delinquent` false.
         *
         *     The document is unique among the merchant's customers in one mode: a `document` another customer already has is
         *     `409 customerAlreadyExists`, whose `details` names that customer so it can be read or updated instead. `409` is
         *     also the answer to an idempotency conflict (`idempotencyMismatch`, `idempotencyInProgress`). A CPF or CNPJ whose
         *     check digits are wrong is `422 invalidDocument`; a `birthdate` in the future is `422 unprocessableEntity`.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a customer
         * @description Returns the customer. A customer of another merchant or of the other mode is `404 customerNotFound`; an id
         *     without the `cus_` prefix is `400 invalidParameters`. Customers are never deleted; a retired one reads with
         *     `available: false`.
         */
        get: operations["getCustomer"];
        /**
         * Replace a customer
         * @description Replaces the writable fields of the customer with the body (`UpdateCustomerRequest`): an omitted optional field
         *     is reset, so send back every value to keep. When at least one stored value changes, `updatedAt` moves and
         *     `customer.updated` is emitted with the new customer; a body equal to what is stored changes nothing and emits
         *     nothing. `available: false` retires the customer (new charges naming it are `422 unprocessableEntity`).
         *
         *     A `document` another customer of the merchant already has is `409 customerAlreadyExists` (`details` names
         *     it); `409` is also the answer to an idempotency conflict. A CPF or CNPJ with wrong check digits is
         *     `422 invalidDocument`; a `birthdate` in the future is `422 unprocessableEntity`. An unknown customer is
         *     `404 customerNotFound`.
         */
        put: operations["updateCustomer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an address to a customer
         * @description Creates an address owned by a customer (`ownerType: customer`, `ownerId`). An `ownerId` that names no customer
         *     of the merchant in this mode is `404 customerNotFound`. `country` defaults to `BR`.
         *
         *     For `BR` the postcode must be a CEP, 8 digits with or without the hyphen: `01310200` and `01310-200` are both
         *     accepted and the address always returns `01310-200`; any other shape is `400 invalidParameters`. `state` must
         *     then be one of the 27 UFs (`422 unprocessableEntity` otherwise); it is returned in upper case. `latitude` and
         *     `longitude` are stored as sent (the service does not geocode) and go together. The display lines `line`,
         *     `line1`, `line2` and `line3` are composed by the service (see the `Address` schema).
         *
         *     `primary: true` makes the new address the customer's primary one, taking the mark from the previous one;
         *     `primary` defaults to false, so a customer may have no primary address.
         */
        post: operations["createAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/addresses/{addressId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an address
         * @description Returns the address with its composed display lines. An address of another merchant or mode, or one that was
         *     deleted, is `404 addressNotFound`.
         */
        get: operations["getAddress"];
        /**
         * Replace an address
         * @description Replaces the address with the body. The eight postal fields `street`, `number`, `complement`, `district`,
         *     `city`, `state`, `country` and `postcode` are all required (`complement` may be an empty string); a missing
         *     one is `400 invalidParameters`. An omitted `latitude`/`longitude` pair is reset to `null` and an omitted
         *     `metadata` to `null`; an omitted `primary` keeps the address's mark (see `UpdateAddressRequest`). The owner
         *     cannot change. The display lines are composed again.
         *
         *     The rules on `postcode` and `state` are those of creation: for `BR` a CEP with or without hyphen (returned as
         *     `NNNNN-NNN`, `400` for another shape) and one of the 27 UFs (`422 unprocessableEntity` otherwise). An unknown
         *     address is `404 addressNotFound`; `409` answers an idempotency conflict. Transactions keep their own copy of
         *     their billing address and are not changed.
         */
        put: operations["updateAddress"];
        post?: never;
        /**
         * Delete an address
         * @description Deletes the address and answers `200` with the delete body (`resource: address`). Reading it again is
         *     `404 addressNotFound`. Deleting the customer's primary address leaves the customer without one (no other
         *     address is promoted). Transactions keep their own copy of their billing address and are not changed.
         */
        delete: operations["deleteAddress"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the balance
         * @description Returns the merchant's balance in the key's mode, per currency: `available`, what a withdrawal can take (the
         *     sum of its ledger entries less `reserved`, the amounts of its refunds still `pending`), and `pending`, what its
         *     pending receivables will settle net of their fees. BRL is always listed, with zeros before
         *     the first sale. Every role may read it (`balance:read`). How each event of a charge moves the two figures is in
         *     the Balance chapter.
         *
         *     The only success status is `200`; the operation takes no parameters.
         */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List wallets
         * @description Returns the merchant's wallets (bank accounts) in the key's mode in the paginated envelope, as a light
         *     projection (`WalletListItem`, without `accountType` and the holder's document), newest first by default.
         *     Besides `createdAt`, `updatedAt` and `id`, `sort` accepts `name` and `bankCode`. The `daterange` parameters
         *     filter on `createdAt`. Deleted wallets are not listed. `GET /v1/wallets/listall` returns the same items as a
         *     bare array.
         *
         *     An `id` that matches no wallet gives an empty page, not a `404`; the `404` listed here is the answer to an
         *     unknown path only. A lower `daterange` bound later than an upper one is `422 unprocessableEntity`.
         */
        get: operations["listWallets"];
        put?: never;
        /**
         * Register a wallet
         * @description Registers a bank account of the merchant in the key's mode. `bankName` is not sent: the service derives it from
         *     the three-digit COMPE `bankCode` (a code it does not know is `422 unprocessableEntity`). `routingNumber` (the
         *     agência) and `accountNumber` are accepted with or without the hyphen before the check digit; the account is
         *     returned with it. A holder document whose check digits are wrong is `422 invalidDocument`.
         *
         *     The same `bankCode`, `routingNumber` and `accountNumber` already registered by the merchant in this mode is
         *     `409 walletAlreadyExists`; `409` is also the answer to an idempotency conflict. The first wallet of a merchant
         *     becomes primary whatever `primary` says; `primary: true` on a later wallet moves the mark to it. A new wallet is
         *     `enabled`.
         */
        post: operations["createWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallets/listall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all wallets as a bare array
         * @description Returns the merchant's wallets in the key's mode as a bare JSON array of `WalletListItem`, with no envelope,
         *     `merchant` or `_links`. It takes the parameters of `GET /v1/wallets` (`id`, `sort`, the `daterange` family,
         *     `offset`) with the same meaning, except that `limit` defaults to and is capped at 1000 items instead of 100.
         *     The array holds at most 1000 wallets; when it holds exactly `limit` items more may exist: read on with
         *     `offset`, or use the paginated `GET /v1/wallets`, whose `total` is exact. An `id` that matches nothing gives
         *     `[]`. A lower `daterange` bound later than an upper one is `422 unprocessableEntity`.
         */
        get: operations["listWalletsAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallets/{walletId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a wallet
         * @description Returns the wallet: the list projection plus `accountType` and `holderDocument` (in full, digits only),
         *     `merchant` and `_links`. A wallet of another merchant or mode, or one that was deleted, is
         *     `404 walletNotFound`.
         */
        get: operations["getWallet"];
        put?: never;
        post?: never;
        /**
         * Delete a wallet
         * @description Deletes the wallet and always answers `200` with the delete body (`resource: wallet`), never an empty body.
         *     Reading it again is `404 walletNotFound`, and it is no longer listed.
         *
         *     A wallet with withdrawals still pending cannot be deleted: `422 walletHasPendingWithdrawals`; delete it once
         *     they are paid or canceled. Deleting the primary wallet moves the primary mark to the most recently created
         *     remaining wallet; deleting the last wallet leaves the merchant with none (settlements then wait in its balance
         *     until a wallet is registered).
         */
        delete: operations["deleteWallet"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List withdrawals
         * @description Returns the merchant's withdrawals in the key's mode in the paginated envelope, newest first by default.
         *     Besides `createdAt`, `updatedAt` and `id`, `sort` accepts `amount`. The `daterange` parameters filter on
         *     `createdAt`; `status` and `walletId` match exactly. A `walletId` that matches nothing (another merchant's,
         *     a deleted wallet's) gives an empty page, not a `404`; the `404` listed here is the answer to an unknown path
         *     only. A lower `daterange` bound later than an upper one is `422 unprocessableEntity`.
         */
        get: operations["listWithdrawals"];
        put?: never;
        /**
         * Withdraw to a wallet
         * @description Sends `amount` cents of the merchant's available balance (in the key's mode) to one of its wallets. The answer
         *     is `201` with the withdrawal `pending`: the amount has already left the available balance (a `withdrawal`
         *     ledger entry written with it) and `withdrawal.created` is emitted. The transfer is sent to the payout provider
         *     in the background; the withdrawal then becomes `paid` (`withdrawal.paid`) or `failed` (`withdrawal.failed`,
         *     the amount credited back by a `withdrawal_reversal` entry). See the Withdrawals chapter.
         *
         *     The check and the debit are one step per merchant: of concurrent withdrawals that together exceed the balance,
         *     those that fit succeed and the rest are `422 insufficientBalance`, whose `message` says how much is available;
         *     the balance never goes below zero through withdrawals. A wallet that is not the merchant's in this mode, or was
         *     deleted, is `404 walletNotFound`; a disabled wallet is `422 unprocessableEntity`. With no payout provider for
         *     the key's mode the answer is `422 providerNotConfigured` and nothing is recorded.
         *
         *     Send an `X-Idempotency-Key`: a retry with the same key and body answers the same withdrawal, and the amount is
         *     debited once.
         */
        post: operations["createWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawals/{withdrawalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a withdrawal
         * @description Returns the withdrawal as it stands. A withdrawal of another merchant or of the other mode is
         *     `404 withdrawalNotFound`.
         */
        get: operations["getWithdrawal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/withdrawals/{withdrawalId}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate the bank's answer to a sandbox withdrawal
         * @description Makes the sandbox bank pay (`pay`) or refuse (`fail`) a `pending` sandbox withdrawal, through the same path as
         *     the payout provider's real answer: the answer is the withdrawal after it, the ledger gets the same entries
         *     (`fail` credits the amount back with a `withdrawal_reversal` entry) and the same webhook is sent.
         *
         *     The sandbox bank keeps one answer per withdrawal: the background payout, running before, beside or after this
         *     call, asks it under the withdrawal's id and gets this same answer, so the transfer happens once. A withdrawal the
         *     sandbox bank already answered for (one it paid at once, see the Withdrawals chapter), or that is no longer
         *     `pending`, is `422 invalidTransition`.
         *
         *     Only sandbox keys may call it: a production key is `403 sandboxOnly`. It takes no `X-Idempotency-Key`: an action
         *     repeated after it took effect is refused with `422 invalidTransition`, which makes retries harmless.
         */
        post: operations["simulateSandboxWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products
         * @description Returns the merchant's products in the key's mode in the paginated envelope, newest first by default. Besides
         *     `createdAt`, `updatedAt` and `id`, `sort` accepts `name`. The `daterange` parameters filter on `createdAt`;
         *     `enabled` keeps the enabled or the disabled products. A lower `daterange` bound later than an upper one is
         *     `422 unprocessableEntity`.
         */
        get: operations["listProducts"];
        put?: never;
        /**
         * Create a product
         * @description Creates a product, enabled, in the key's mode. Its variants (`POST /v1/variants`) carry the SKUs and prices.
         *     `409` answers an idempotency conflict (`idempotencyMismatch`, `idempotencyInProgress`).
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{productId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a product
         * @description Returns the product. A disabled product is still returned, with `enabled: false`. A product of another merchant or
         *     mode is `404 productNotFound`.
         */
        get: operations["getProduct"];
        /**
         * Replace a product
         * @description Replaces the product's `name`, `description` and `metadata` (omitted optional fields go back to their defaults).
         *     `enabled` is not changed: see `disable` and `enable`. The product's variants are not changed. A body equal to
         *     what is stored writes nothing and keeps `updatedAt`.
         */
        put: operations["updateProduct"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{productId}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a product
         * @description Disables the product: none of its variants can be sold (a transaction item naming one is `422 variantDisabled`) or
         *     subscribed to, and no variant can be added to it (`422 productDisabled`). Subscriptions already running keep running
         *     on the plan they copied when they started. Nothing is deleted; `enable` undoes it. Disabling a disabled product
         *     changes nothing and answers it as it is.
         */
        post: operations["disableProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{productId}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a product
         * @description Enables the product again: its enabled variants can be sold and subscribed to. Enabling an enabled product changes
         *     nothing and answers it as it is.
         */
        post: operations["enableProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/variants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List variants
         * @description Returns the merchant's variants in the key's mode in the paginated envelope, newest first by default. Besides
         *     `createdAt`, `updatedAt` and `id`, `sort` accepts `name` and `unitPrice`. The `daterange` parameters filter on
         *     `createdAt`. The filters combine: `productId` keeps one product's variants, `enabled` the enabled or the disabled
         *     ones (the variant's own flag), `type` the one-time or the recurring ones. A filter that matches nothing gives an
         *     empty page, never a `404`. A lower `daterange` bound later than an upper one is `422 unprocessableEntity`.
         */
        get: operations["listVariants"];
        put?: never;
        /**
         * Create a variant
         * @description Creates a variant, enabled, of an enabled product of the merchant in the key's mode, with its pricing (see
         *     `VariantPricingInput` for the rules). A `productId` that names no product of the merchant in this mode is
         *     `404 productNotFound`; a disabled product is `422 productDisabled`; a pricing whose fields disagree is
         *     `422 invalidPricing`, whose `params` name the field. `409` answers an idempotency conflict.
         */
        post: operations["createVariant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/variants/{variantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a variant
         * @description Returns the variant with its pricing (a subscription or a transaction item names a variant by `variantId`). A
         *     disabled variant is still returned, with `enabled: false`. A variant of another merchant or mode is `404 variantNotFound`; an id without
         *     the `var_` prefix is `400 invalidParameters`. Reading a variant has no semantic failure, so the `422` the seed
         *     lists for this operation is not produced today; it stays documented for compatibility.
         */
        get: operations["getVariant"];
        /**
         * Replace a variant
         * @description Replaces the variant's fields and pricing (omitted optional fields go back to their defaults; see `VariantInput`),
         *     under the same rules as its creation; `productId` may move it to another enabled product. `enabled` is not changed:
         *     see `disable` and `enable`. Subscriptions already running on the variant keep the plan they copied when they
         *     started; only new sales and subscriptions see the new pricing. A body equal to what is stored (once defaults
         *     are filled in) writes nothing and keeps `updatedAt`.
         */
        put: operations["updateVariant"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/variants/{variantId}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a variant
         * @description Disables the variant: it can no longer be sold (a transaction item naming it is `422 variantDisabled`) or subscribed
         *     to. Subscriptions already running on it keep running on the plan they copied when they started; charges already
         *     made are not touched. Nothing is deleted; `enable` undoes it. Disabling a disabled variant changes nothing and
         *     answers it as it is.
         */
        post: operations["disableVariant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/variants/{variantId}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a variant
         * @description Enables the variant again. It can be sold and subscribed to once its product is enabled too. Enabling an enabled
         *     variant changes nothing and answers it as it is.
         */
        post: operations["enableVariant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscriptions
         * @description Returns the merchant's subscriptions in the key's mode, in the paginated envelope, newest first by default.
         *     Besides `createdAt`, `updatedAt` and `id`, `sort` accepts `amount`. The `daterange` parameters filter on
         *     `createdAt`. The filters combine: `status` keeps one status, `customerid` the subscriptions of one customer,
         *     `variantid` those of one variant. A lower `daterange` bound later than the upper one is `422 unprocessableEntity`.
         */
        get: operations["listSubscriptions"];
        put?: never;
        /**
         * Create a subscription
         * @description Creates a subscription and answers at once `201 Created` with status `pending` (the seed's core rule 1). Its first
         *     cycle is charged in the background by an ordinary transaction (with its own `transaction.*` events), or, when the
         *     plan has a trial, the subscription becomes `trialing` and the first cycle is charged when the trial ends. The
         *     outcome is announced by webhook (`subscription.activated`, `cycle.paid`, `cycle.failed`, `subscription.canceled`)
         *     and shown by reading the subscription. A card refused on the first charge is never an error of this request: the
         *     cycle becomes `failed` and the subscription `canceled`, with their events.
         *
         *     The plan is a recurring variant's `pricing` (`variantId`) or given in `plan`. The payer is an existing customer
         *     (`customerId`) or given inline (`customer`, found by document or e-mail, else created with the subscription, as
         *     `createTransaction` does). A `credit` card is exchanged once for the provider's reusable token; only the token, the
         *     brand and the first 6 and last 4 digits are kept, and each cycle's charge is made from the token
         *     (`cardRegistered: true`, `reusable: true`). `dunning` sets the retries of failed cycles (see
         *     `SubscriptionDunning`). With `X-Idempotency-Key`, a retry returns the stored `201` with `Idempotent-Replayed: true`
         *     and creates nothing.
         *
         *     Refusals (nothing is created): a card failing the checks of `CardInput` is `422 invalidCard`; a `customerId` or
         *     `variantId` naming nothing of the merchant, a one-time or disabled variant, a retired customer, a billet for a
         *     customer without a document, `billingExactDay` on a daily or weekly plan, or a dunning schedule out of its limits
         *     is `422 unprocessableEntity`, and so is a method the merchant's fee plan has no rate for; a CPF or CNPJ whose check digits are wrong is `422 invalidDocument`; `clockId` with a
         *     production key is `403 sandboxOnly`; a production key with no provider for the method is
         *     `422 providerNotConfigured`.
         *
         *     `splits` gives the subscription its split rule at once (see "Splits" in the Subscriptions chapter). The rule is
         *     checked when it is written, in the same database transaction as the subscription: a recipient that is not a
         *     sub-account of the merchant or is named twice is `422 unprocessableEntity`, percentages above 100 % or shares
         *     that with the part of the processing fee the merchant bears do not fit in the amount are
         *     `422 splitPercentageExceeded`, a `value` that does not suit its `type` is `400 invalidParameters`; then nothing
         *     is created, not the subscription, not its payer, not a split.
         */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{subscriptionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a subscription
         * @description Returns the subscription with its status, last paid cycle, next billing time, payment method and splits. The status
         *     follows the charges of its billing cycles and the merchant's operations (the transitions are in
         *     `SubscriptionStatus`). Subscriptions are created with `POST /v1/subscriptions` (and by the checkout when a payer
         *     subscribes to a recurring variant); like a transaction, a new subscription starts `pending` while its first cycle is
         *     processed in the background. Older subscriptions keep the `sub_` prefix and are read the same way. A subscription
         *     of another merchant or mode is `404 subscriptionNotFound`.
         */
        get: operations["getSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{subscriptionId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a subscription
         * @description Cancels the subscription now (`canceled`, `subscription.canceled`; its scheduled and failed cycles become `canceled`),
         *     or with `atPeriodEnd: true` at the end of the period already paid (`cancelAtPeriodEnd: true`; the next cycle is
         *     not billed and the subscription is canceled on its due date). A charge already in flight is not stopped: it ends
         *     as it ends, without retries. Nothing is refunded (refund a cycle's transaction for that). Canceling a `canceled`
         *     or `expired` subscription, or at period end one with no period paid (`pending`), is `422 invalidTransition`.
         */
        post: operations["cancelSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{subscriptionId}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a subscription
         * @description Pauses an `active` subscription (`paused`, `subscription.paused`): no cycle is billed while it is paused. The
         *     period already paid runs to its end. Pausing a subscription in another status is `422 invalidTransition`.
         */
        post: operations["pauseSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{subscriptionId}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a subscription
         * @description Resumes a `paused` subscription (`active`, `subscription.resumed`). Billing goes on with the calendar of the
         *     subscription: the periods that passed while it was paused are skipped, and the next cycle is the first period that
         *     starts on or after the day of the resume (billed then, when it starts that day). Resuming a subscription that is not
         *     `paused` is `422 invalidTransition`.
         */
        post: operations["resumeSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{subscriptionId}/payment-method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the payment method of a subscription
         * @description Replaces how the next charges of the subscription are made (see `UpdateSubscriptionPaymentMethodRequest`).
         *     A card is tokenised once by the provider; its number and CVV are never stored. A card failing the checks of
         *     `CardInput` is `422 invalidCard`; a billet for a customer without a CPF or CNPJ, or a method the fee plan has no
         *     rate for, is `422 unprocessableEntity`. The dunning schedule follows the new method's limits.
         *     The split rule is checked again, in the same database transaction, as a split change is: when the splits plus
         *     the part of the processing fee the merchant bears under the new method (and card brand) would not fit in the
         *     subscription `amount`, the change is `422 splitPercentageExceeded` and nothing changes.
         */
        put: operations["updateSubscriptionPaymentMethod"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{subscriptionId}/splits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the splits of a subscription
         * @description Returns every split of the subscription, oldest first (the order they divide a charge in), with the totals
         *     (`totalPercentage`, `remainingPercentage`, `remainingAmount`) in the split collection wrapper. The list is not
         *     paginated: a subscription has few splits. Also answered for an `unpaid`, `canceled` or `expired` subscription.
         */
        get: operations["listSubscriptionSplits"];
        put?: never;
        /**
         * Add a split to a subscription
         * @description Gives one of the merchant's sub-accounts (`recipient`) a share of every cycle charged from now on: a percentage
         *     of the cycle amount (`type: percentage`, `value` from more than 0 to 100, up to two decimals) or a fixed amount in
         *     cents (`type: fixed`). Cycles already billed keep the splits they were billed with. How a charge is divided, who
         *     bears the processing fee and who answers for refunds and chargebacks: "Splits" in the Subscriptions chapter.
         *
         *     The percentage splits of a subscription may add up to at most 100, and the shares plus the part of the
         *     processing fee the merchant bears (the fee of the subscription's method under the merchant's fee plan) must fit
         *     in the subscription `amount`; a split that would pass either limit is `422 splitPercentageExceeded`. A recipient
         *     that is not a sub-account of the merchant, a recipient that already has a split on this subscription, or a
         *     subscription that bills nothing more (`unpaid`, `canceled` or `expired`) is `422 unprocessableEntity`. A
         *     `value` that does not suit its `type` is `400 invalidParameters` naming `value`.
         */
        post: operations["createSubscriptionSplit"];
        /**
         * Remove a split from a subscription
         * @description Removes the split named by the query parameter `splitId` and answers the remaining split state of the
         *     subscription: always `200` with the split collection wrapper (never an empty body), whose `splits` may be empty.
         *     The removal applies from the next cycle billed; cycles already billed keep their splits.
         *
         *     A `splitId` that is not a split of this subscription is `404 subscriptionSplitNotFound`; a subscription that is
         *     `unpaid`, `canceled` or `expired` is `422 unprocessableEntity` (its splits are frozen). Removing a split moves no money, so
         *     the `402` the seed lists for this operation is not produced today; it stays documented for compatibility.
         */
        delete: operations["deleteSubscriptionSplit"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{subscriptionId}/splits/{splitId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a split of a subscription
         * @description Replaces the `type` and `value` of a split; both are required (the recipient, `chargeProcessingFee` and
         *     `liable` stay as they are: to change them, remove the split and add a new one). The change applies from the next
         *     cycle billed.
         *
         *     A change that would make the percentage splits add up to more than 100, or the shares plus the part of the
         *     processing fee the merchant bears pass the subscription `amount`, is `422 splitPercentageExceeded` (the split
         *     stays as it was); a subscription that is `unpaid`, `canceled` or `expired` is `422 unprocessableEntity`. A
         *     `splitId` that is not a split of this subscription is `404 subscriptionSplitNotFound`. See "Splits" in the
         *     Subscriptions chapter.
         */
        put: operations["updateSubscriptionSplit"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{subscriptionId}/cycles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the billing cycles of a subscription
         * @description Returns the subscription's billing cycles in the paginated envelope, newest first by default: the cycles
         *     already billed and the next one (`scheduled`). Besides `createdAt`, `updatedAt` and `id`, `sort` accepts `cycle`
         *     and `dueDate`. The `daterange` parameters filter on the cycle's `createdAt`; `status` keeps the cycles in that
         *     status (the moves between statuses are in the `BillingCycleStatus` schema). A subscription of another merchant or mode
         *     is `404 subscriptionNotFound`.
         */
        get: operations["listSubscriptionCycles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkouts/payment-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment links
         * @description Returns the merchant's payment links in the paginated envelope, as a light projection (`PaymentLinkListItem`),
         *     newest first by default. Besides `createdAt`, `updatedAt` and `id`, `sort` accepts `name`, `availableAt` and
         *     `expiresAt`; an open side of the window sorts as what it means: a link without `availableAt` as payable from its
         *     `createdAt`, one without `expiresAt` as never expiring (after every other in ascending order, first in
         *     descending). Ties are broken by `id`. The `daterange` parameters filter on `createdAt`.
         *
         *     `status` filters on the merchant's on/off switch of the link (`enabled` or `disabled`); whether a link is within
         *     its `availableAt`–`expiresAt` window is shown by those fields and is not part of the filter. `templateid` keeps
         *     the links made from that checkout template (their `templateId`); one that no link carries gives an empty page. A lower `daterange` bound later than an upper one is `422 unprocessableEntity`.
         */
        get: operations["listPaymentLinks"];
        put?: never;
        /**
         * Create a payment link
         * @description Creates a payment link, enabled, in the key's mode, and answers it with its public `accessFullUrl`: send that
         *     address to payers. What is sold is either catalogue `items` (variants and quantities; the page shows each with
         *     its current price) or a fixed `amount` under the link's `name`. See `CreatePaymentLinkRequest` for the rules and
         *     their errors. `409` answers an idempotency conflict (`idempotencyMismatch`, `idempotencyInProgress`). Writing
         *     payment links needs the `checkouts:write` permission (roles `owner`, `admin` and `developer`).
         */
        post: operations["createPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkouts/payment-links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a payment link
         * @description Returns the payment link with everything the merchant set, its `availability` now, `completedPayments` and
         *     `reservedPayments`. A link of another merchant or mode is `404 paymentLinkNotFound`.
         */
        get: operations["getPaymentLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a payment link
         * @description Changes the fields sent and keeps the others (see `UpdatePaymentLinkRequest`). The link's address does not change,
         *     so a payer who has the page open pays what it says after the change only once they reload it; a payment already
         *     started keeps its amount. A link of another merchant or mode is `404 paymentLinkNotFound`, whatever the body
         *     says (only a malformed body, `400`, is refused before the link is looked up). `X-Idempotency-Key` works on this
         *     `PATCH` as on every write. The body may be left out: like `{}`, it changes nothing and answers the link.
         */
        patch: operations["updatePaymentLink"];
        trace?: never;
    };
    "/v1/checkouts/payment-links/{linkId}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a payment link
         * @description Switches the link off: its page shows payers that it is no longer available, and no payment can start on it.
         *     Payments already started (a PIX QR code shown, a billet issued) can still be paid and complete their sessions.
         *     Nothing is deleted; `enable` undoes it. Disabling a disabled link changes nothing and answers it as it is.
         */
        post: operations["disablePaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkouts/payment-links/{linkId}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a payment link
         * @description Switches the link back on. Whether payers can pay also depends on its window and cap (`availability`). Enabling
         *     an enabled link changes nothing and answers it as it is.
         */
        post: operations["enablePaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkouts/sessions/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read checkout session analytics
         * @description Returns the figures of the checkout sessions started between `initdate` and `enddate` (UTC calendar days, both
         *     inclusive): sessions started, completed and abandoned, the conversion rate, the approved amount, and breakdowns
         *     per payment method and per day (the fields are defined in `CheckoutSessionAnalytics`). This is a custom object,
         *     not a paginated list.
         *
         *     Without `enddate` the period ends today (UTC); without `initdate` it starts 29 days before `enddate` (30 days in
         *     all). An `initdate` later than `enddate`, or a period longer than 366 days, is `422 unprocessableEntity`. `sort`
         *     orders `byDay` only: `date` or `ascending` (oldest day first, the default), `-date` or `descending`. Unlike the
         *     shared list `sort`, it takes no other field, so it is declared here. The request names no resource, so `404`
         *     is answered only for an unknown path.
         */
        get: operations["getCheckoutSessionAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulators/payment-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Simulate the fees of a payment method
         * @description Computes what charging `amount` by `method` costs the merchant under its fee plan and what it receives, without
         *     charging anything. Units: `amount` is an integer in cents (10000 is R$ 100.00, between 100 and 1000000000);
         *     `fee` is a percentage (2.5 means 2.5 %), up to two decimals.
         *
         *     The default plan charges `pix` 0.99 %, `billet` a flat R$ 3.49 (349 cents) and `credit` 3.99 % plus 2.49 % for
         *     each installment after the first. A merchant with a negotiated plan gets its own rates (`planId` then names it
         *     and `isCustom` is true). `fee`, for a what-if, replaces the plan's percentage: the whole rate for `pix`, the base
         *     rate for `credit` (the per-installment surcharge is still added), and for `billet` it is charged as a percentage
         *     instead of the flat fee; `isCustom` is then true. Percentages are applied to `amount` and rounded half up to the
         *     cent. The result's `original` is the amount, `totalFees` the fees and `amount` what the merchant receives
         *     (`original − totalFees`); `installments` says when each part settles (PIX on the day paid, billet the next day,
         *     card installment `n` after 30 × `n` days).
         *
         *     `installment` (1 to 12, default 1) applies to `credit` only; more than 1 with `pix` or `billet` is
         *     `400 invalidParameters`. `brand` applies to `credit` only and is ignored for the others; without it the plan's
         *     general card rate is used. A plan with no rate for the method, or for the card brand, is `404 resourceNotFound`.
         *     In `_links`, `installment` is the same simulation in a single installment and `installments` the same in the
         *     most installments the method allows (12 for `credit`, 1 otherwise).
         */
        get: operations["simulatePaymentMethod"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/utils/roles-of-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the roles of API keys and the caller's role
         * @description Returns the fixed catalogue of the five roles an API key can hold, each with its permissions, plus the role
         *     (`current`) and mode (`mode`) of the key that made the call. Roles, from the most to the least powerful:
         *     `owner` and `admin` (full access; only the owner may close the account or transfer it), `developer` (full access
         *     except key management), `finance` (reads everything and refunds transactions) and `read-only` (`GET` only).
         *     Every role may call this operation. An operation outside the caller's permissions answers `403 forbidden`.
         *
         *     The only success status is `200`. The body does not depend on any parameter; the operation takes none.
         */
        get: operations["listRolesOfUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Returns the merchant's webhook endpoints registered in the key's mode, in the paginated envelope, newest first
         *     by default; secrets are never listed and authorization values are masked. Besides `createdAt`, `updatedAt` and
         *     `id`, `sort` accepts `name` and `lastDeliveryAt`. The `daterange` parameters filter on `createdAt`.
         *
         *     `name` and `endpoint` keep the endpoints whose name or URL contains the given text (case-insensitive); `status`
         *     keeps the enabled or the disabled ones (disabled by the merchant or for failing alike).
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Registers a URL to receive the events listed in `events`, in the key's mode. `name`, `endpoint` and `events`
         *     are required; `enabled` defaults to true and `forceActive` to false. The answer is the only one that shows the
         *     signing `secret` (`whsec_…`): keep it, it cannot be read again. `POST /v1/webhooks/endpoints` registers the same
         *     resource with another body shape.
         *
         *     Production keys must register an `https` URL whose host resolves to public addresses only: loopback, private,
         *     link-local and other reserved addresses (and `http`) are `422 webhookEndpointNotAllowed`, and the address check
         *     is repeated at every delivery. Sandbox keys may register `http`, and loopback or private addresses where the
         *     service allows them: a service running on one machine (local development) does by default; a hosted service
         *     refuses them as for production (`422 webhookEndpointNotAllowed`; see "Sandbox and production addresses" in the
         *     Webhooks chapter). Answers from non-public addresses are never stored (`WebhookDispatch.responseBody`). A URL already registered by the merchant in this mode is `409 webhookEndpointAlreadyExists`; `409`
         *     is also the answer to an idempotency conflict (`idempotencyMismatch`, `idempotencyInProgress`).
         *     `headerAuthorization` and `headerAuthorizationType` go together (one without the other is `400
         *     invalidParameters`).
         *
         *     The new endpoint receives the events that happen from now on; earlier events are not sent to it (use the
         *     redelivery operation for those).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a webhook endpoint (alternative body)
         * @description Registers a webhook endpoint exactly as `POST /v1/webhooks` does, with the second body shape the service
         *     accepts: `forceActivities` means `forceActive`, and `authorization: {type, value}` means the pair
         *     `headerAuthorizationType` / `headerAuthorization`. `name`, `endpoint` and `events` are required; the endpoint is
         *     registered enabled and without metadata. Both operations create the same resource, read and managed under
         *     `/v1/webhooks/{webhookId}`, and answer the same way: `201` with the endpoint and its signing `secret`, shown
         *     this once.
         *
         *     The same rules and errors apply: production keys need a public `https` URL (`422 webhookEndpointNotAllowed`
         *     otherwise; sandbox keys may use `http`, and loopback and private addresses where the service allows them), a
         *     URL already registered in this mode is `409 webhookEndpointAlreadyExists`, and `409` also answers idempotency
         *     conflicts.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a webhook endpoint
         * @description Returns the webhook endpoint with its delivery counters and failure state. The signing secret is never
         *     returned after registration, and the authorization value is masked (`****` and its last 4 characters). An
         *     endpoint of another merchant or mode is `404 webhookNotFound`.
         */
        get: operations["getWebhook"];
        /**
         * Replace a webhook endpoint
         * @description Replaces the writable fields of the endpoint, the same convention as `PUT /v1/addresses/{addressId}`: `name`,
         *     `endpoint`, `events`, `enabled` and `forceActive` are required, and an omitted `metadata` becomes `{}`. The
         *     authorization header is the one exception, because its value cannot be read back: omit both
         *     `headerAuthorization` and `headerAuthorizationType` to keep it, send both as `null` to remove it, or send both
         *     with values to replace it (one without the other, or one `null` and the other not, is `400 invalidParameters`).
         *     The signing secret does not change.
         *
         *     Setting `enabled: true` on a disabled endpoint switches it back on and resets its failure streak
         *     (`failingSince` and `disabledReason` become `null`); dispatches canceled while it was disabled are not revived
         *     (redeliver those events if needed). Setting `enabled: false` cancels its pending dispatches. A changed `events`
         *     list applies to events that happen from now on; a changed `endpoint` cancels the dispatches still waiting for the
         *     old URL (redeliver those events to send them to the new one).
         *
         *     The rules of registration apply to a changed `endpoint`: a public `https` URL for production keys (`422
         *     webhookEndpointNotAllowed`), a public one for sandbox keys where the service denies private addresses, and no
         *     other endpoint of the merchant in this mode with the same URL (`409 webhookEndpointAlreadyExists`); `409` also
         *     answers idempotency conflicts.
         */
        put: operations["updateWebhook"];
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint: it receives nothing more, and its pending dispatches are dropped (they become `canceled`
         *     and are not attempted again). The delivery history stays readable through `GET /v1/webhooks/events` until it ages
         *     out (30 days); its dispatches keep the deleted endpoint's id and URL. Deleting is final: the id is not reused and
         *     a second DELETE is `404 webhookNotFound`.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook events and their dispatches
         * @description Returns the delivery history: the merchant's webhook events in the key's mode (kept 30 days), newest first by
         *     default, each with its dispatches (status, attempts, response code, truncated response body, response time and
         *     next attempt). Besides `createdAt`, `updatedAt` and `id`, `sort` accepts `type`. The `daterange` parameters filter
         *     on the event's `createdAt`. All filters combine (all must hold).
         *
         *     - `type`, `resource`, `resourceId`, `eventId` match exactly.
         *     - `status` is the delivery status read from the dispatches: `pending` while any dispatch is `pending` or
         *       `delivering`; otherwise `failed` when any dispatch failed; otherwise `delivered`. Events without dispatches
         *       (no endpoint was subscribed) match none of them.
         *     - `endpoint` keeps the events with a dispatch to that endpoint: a value starting with `wbe_` is an endpoint id,
         *       anything else is compared with the dispatch's URL exactly.
         *     - `resourceid` and `eventid` are lowercase aliases of `resourceId` and `eventId`, accepted for older clients.
         *       Send one spelling; both with different values is `400 invalidParameters`.
         */
        get: operations["listWebhookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a webhook event
         * @description Returns one webhook event with all its dispatches (automatic ones and redeliveries, oldest first). Events are
         *     kept 30 days; an older event, or one of another merchant or mode, is `404 webhookEventNotFound`.
         */
        get: operations["getWebhookEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/events/{eventId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver a webhook event again
         * @description Sends the event again, for example after fixing a receiver whose dispatch `failed`. A new dispatch is created
         *     for every endpoint that is enabled and subscribed to the event's type now, or only for the endpoint named by
         *     `endpointId`; its first attempt is made at once, and it is retried on the normal schedule if it fails. Earlier
         *     dispatches are left as they are (a final dispatch is never revived).
         *
         *     The delivery carries the same `id`, `type`, `payload` and `createdAt` as the original, with `source: manual`, so
         *     a receiver that deduplicates on `id` ignores it if it already processed the event. The payload is the resource as
         *     it was when the event happened; read the resource for its current state.
         *
         *     **Running `payments listen` sessions (sandbox).** A sandbox event sent again without `endpointId` is also sent
         *     again on the sandbox's event stream (`GET /v1/sandbox/events/stream`), so every `payments listen` running for
         *     the merchant forwards it to its receiver once more, signed with the listen secret, as `stripe events resend`
         *     reaches `stripe listen`. It is recorded in the same change as the new dispatches, and takes its place in the
         *     stream's order after the events recorded before it. `listen` overrides the default: `false` sends to the
         *     endpoints only, `true` with `endpointId` sends to that endpoint and to the stream. Nothing records whether a
         *     `listen` was running: a stream opened later does not get the resend, and one that resumes with `Last-Event-ID`
         *     from before it does (see the event stream).
         *
         *     The body is optional. An `endpointId` that names no endpoint of the merchant in this mode is `404
         *     webhookNotFound`; one that is disabled or not subscribed to the event's type is `422 unprocessableEntity`, as is
         *     no endpoint at all qualifying when the event is not sent on the stream either (a production event, or `listen:
         *     false`). `listen: true` with a production key is `403 sandboxOnly`. Events are kept 30 days; an older one is
         *     `404 webhookEventNotFound`.
         */
        post: operations["redeliverWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/logs/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the recent requests of the key's mode
         * @description The request log of the merchant in the key's mode (see the Logs chapter for what an entry holds and when it
         *     appears), newest first, in the paginated envelope: the requests of the last 7 days made with any of the
         *     merchant's keys of this mode. `status` keeps only some answers (`4xx`, `500`, …).
         */
        get: operations["listRequestLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/logs/requests/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream the key's requests as they happen
         * @description Opens a [server-sent events](https://html.spec.whatwg.org/multipage/server-sent-events.html) stream
         *     (`text/event-stream`) of the request log of the merchant in the key's mode (see the Logs chapter): what
         *     `npm run cli -- logs tail` prints. Sandbox and production keys may open it.
         *
         *     The stream sends:
         *
         *     - `event: ready`, once, first: `data` is `{"mode":"sandbox"}` (or `production`), the mode whose requests follow.
         *     - `event: request`, one per request, in the order they were written, with `id:` the entry's id: `data` is the
         *       `RequestLog` entry as JSON.
         *     - a comment line (`: keep-alive`) every 15 seconds while nothing happens, so that proxies keep the connection.
         *
         *     A stream starts with the requests written after it opened. A client that reconnects sends the id of the last
         *     entry it got in `Last-Event-ID`: the entries written after that one (within the 7 days they are kept) are sent
         *     first, none twice; an unknown or expired one is `404 resourceNotFound`. The order is exact across the service's
         *     instances, so that resuming is: an entry is sent only once every write the database began before it is
         *     committed. `status` keeps only some answers (`4xx`, `500`, …; repeat the parameter).
         *
         *     A merchant may hold at most 5 such streams open at once; a sixth is `429 tooManyRequests` with `Retry-After`.
         *     Opening a stream counts as one request against the key's quota, however long it stays open. When the service
         *     stops, its streams end; reconnect with `Last-Event-ID`.
         */
        get: operations["streamRequestLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "transaction.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.created
         * @description A transaction was created; it is `pending` and is processed in the background.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.created`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.pre-authorized": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.pre-authorized
         * @description A card amount was authorized and awaits capture (`capture: false`); capture it within 7 days.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.pre-authorized`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionPreAuthorized"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.approved
         * @description The transaction became `approved`: PIX or billet paid, card approved with capture, a pre-authorization captured, or a dispute won.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.approved`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionApproved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.failed
         * @description The issuer or acquirer refused the card charge (`payment.refused` says why), or the background retries of an `awaiting` charge ran out. A new charge needs a new transaction.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.failed`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.refused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.refused
         * @description The anti-fraud analysis refused the charge.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.refused`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionRefused"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.canceled
         * @description The transaction was canceled by the merchant, a PIX or billet expired unpaid, or a pre-authorization was not captured within 7 days.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.canceled`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionCanceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.partially-refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.partially-refunded
         * @description A refund was made that leaves part of the captured amount unrefunded; the status stays `approved` and the refund is in `refunds`.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.partially-refunded`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionPartiallyRefunded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.refunded
         * @description Refunds reached the captured amount; the status is `refunded`.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.refunded`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionRefunded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.dispute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.dispute
         * @description The payer opened a dispute (chargeback request); the status is `dispute` until it is won (`approved`) or lost (`chargeback`).
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.dispute`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.chargeback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.chargeback
         * @description The dispute was lost; the amount is returned to the payer.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.chargeback`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionChargeback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.analyzing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.analyzing
         * @description The card charge was sent to the anti-fraud analysis.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.analyzing`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionAnalyzing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.fraud-review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.fraud-review
         * @description The anti-fraud analysis asked for a manual review; the outcome follows as `approved`, `pre-authorized` or `refused`.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.fraud-review`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionFraudReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.awaiting": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.awaiting
         * @description Every route for the method is temporarily unavailable; the charge is retried in the background.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `transaction.awaiting`. `payload.object` is the transaction as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onTransactionAwaiting"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.created
         * @description A customer was created (through the API or by a transaction that named a new payer).
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `customer.created`. `payload.object` is the customer as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onCustomerCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.updated
         * @description A customer's fields changed; an update that changes nothing emits nothing.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `customer.updated`. `payload.object` is the customer as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onCustomerUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "withdrawal.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * withdrawal.created
         * @description A withdrawal was created; it is `pending`, its amount has left the available balance, and the transfer is sent in the background.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `withdrawal.created`. `payload.object` is the withdrawal as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onWithdrawalCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "withdrawal.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * withdrawal.paid
         * @description The bank confirmed the transfer of a withdrawal: it is `paid`.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `withdrawal.paid`. `payload.object` is the withdrawal as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onWithdrawalPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "withdrawal.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * withdrawal.failed
         * @description The bank refused or returned the transfer of a withdrawal: it is `failed`, and its amount is back in the available balance (a `withdrawal_reversal` ledger entry).
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `withdrawal.failed`. `payload.object` is the withdrawal as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onWithdrawalFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.created
         * @description A subscription was created (status `pending`).
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `subscription.created`. `payload.object` is the subscription as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onSubscriptionCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.activated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.activated
         * @description A subscription became `active`: its first cycle (or, after a trial, its first billed cycle) was paid, or an overdue cycle was paid by a retry.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `subscription.activated`. `payload.object` is the subscription as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onSubscriptionActivated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.past-due": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.past-due
         * @description A cycle's charge failed on a subscription that was active or in trial: it is `past-due` and the cycle is retried on its dunning schedule.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `subscription.past-due`. `payload.object` is the subscription as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onSubscriptionPastDue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.paused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.paused
         * @description The merchant paused a subscription (`paused`).
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `subscription.paused`. `payload.object` is the subscription as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onSubscriptionPaused"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.resumed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.resumed
         * @description The merchant resumed a paused subscription (`active`).
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `subscription.resumed`. `payload.object` is the subscription as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onSubscriptionResumed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.unpaid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.unpaid
         * @description The retries of an overdue cycle ran out and the subscription's `dunning.endAs` is `unpaid`: it bills nothing more.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `subscription.unpaid`. `payload.object` is the subscription as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onSubscriptionUnpaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.canceled
         * @description A subscription was canceled: by the merchant (now, or at the end of the period), because its first charge (no trial) failed, or because the retries of an overdue cycle ran out (`dunning.endAs: canceled`).
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `subscription.canceled`. `payload.object` is the subscription as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onSubscriptionCanceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.expired
         * @description The period of the last cycle of a fixed-term plan ended (`expired`).
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `subscription.expired`. `payload.object` is the subscription as reading it returns it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onSubscriptionExpired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "cycle.billed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * cycle.billed
         * @description A billing cycle's charge was created (`billing`): at its due date, or by a retry of its dunning schedule. `transactionId` names the new transaction.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `cycle.billed`. `payload.object` is the billing cycle as the cycles list shows it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onCycleBilled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "cycle.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * cycle.paid
         * @description A billing cycle's charge was approved (`paid`).
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `cycle.paid`. `payload.object` is the billing cycle as the cycles list shows it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onCyclePaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "cycle.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * cycle.failed
         * @description A billing cycle's charge failed, was refused, or expired unpaid (`failed`); `nextRetryAt` says when it is charged again, `null` when no retry is left.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the key's mode, subscribed to `cycle.failed`. `payload.object` is the billing cycle as the cycles list shows it right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onCycleFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.completed
         * @description A payment made on a payment link's checkout page was approved: its checkout session is `completed`. A recurring link's subscription that starts with a trial completes its session when it is created, with nothing charged (`approvedAmount` 0).
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the mode of the link, subscribed to `checkout.completed`. `payload.object` is the checkout session right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onCheckoutCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.abandoned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.abandoned
         * @description A checkout session reached its `expiresAt`, 24 hours after the payer opened the page, without an approved payment: it is `abandoned`. A session whose PIX or billet could still be paid then is abandoned only once that charge lapsed unpaid.
         *
         *     The service POSTs this to every enabled endpoint of the merchant, in the mode of the link, subscribed to `checkout.abandoned`. `payload.object` is the checkout session right after the change. Verify `X-Service-Signature` on the raw body before parsing, answer any 2xx within 15 seconds, and deduplicate on `id`: a delivery may arrive more than once and out of order.
         */
        post: operations["onCheckoutAbandoned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Where a transaction is in its life. Every transaction starts `pending`; the outcome is reached in the background
         *     and announced by the webhook named after the new status (`transaction.approved`, `transaction.failed`, …).
         *
         *     | from | to | when |
         *     |---|---|---|
         *     | (none) | `pending` | `POST /v1/transactions` accepted the charge (`201`) |
         *     | `pending` | `approved` | the PIX or billet is paid, or the card charge is approved and captured |
         *     | `pending` | `pre-authorized` | the card amount is authorized and `capture` was `false` |
         *     | `pending` | `failed` | the issuer or acquirer refuses the card (`payment.refused` says why), or the background processing gives up (`processingFailed`) |
         *     | `pending` | `analyzing` | the card charge is sent to the anti-fraud analysis |
         *     | `pending` | `awaiting` | every route is temporarily unavailable; the charge is retried in the background |
         *     | `pending` | `canceled` | the merchant cancels, or the PIX QR code or billet expires unpaid |
         *     | `analyzing` | `approved`, `pre-authorized` | the analysis clears the charge and the acquirer approves it |
         *     | `analyzing` | `refused` | the analysis refuses the charge |
         *     | `analyzing` | `failed` | the analysis clears the charge but the issuer or acquirer refuses it, or the processing gives up (`processingFailed`) |
         *     | `analyzing` | `fraud-review` | the analysis asks for a manual review |
         *     | `fraud-review` | `approved`, `pre-authorized` | the review clears the charge and the acquirer approves it |
         *     | `fraud-review` | `refused` | the review refuses the charge |
         *     | `fraud-review` | `failed` | the review clears the charge but the issuer or acquirer refuses it, or the processing gives up (`processingFailed`) |
         *     | `awaiting` | `approved`, `pre-authorized`, `failed`, `analyzing` | a retry reaches a route (same outcomes as from `pending`) |
         *     | `awaiting` | `failed` | the background retries run out (`payment.refused.code` `routesExhausted`), or the background processing gives up (`processingFailed`) |
         *     | `awaiting` | `canceled` | the merchant cancels |
         *     | `pre-authorized` | `approved` | `POST /v1/transactions/{transactionId}/capture` |
         *     | `pre-authorized` | `canceled` | the merchant cancels, or the authorization is not captured within 7 days |
         *     | `approved` | `refunded` | the succeeded refunds reach the captured amount (a partial refund keeps `approved`) |
         *     | `approved` | `dispute` | the payer opens a dispute (chargeback request) with the issuer |
         *     | `dispute` | `approved` | the merchant wins the dispute |
         *     | `dispute` | `chargeback` | the merchant loses the dispute; the disputed amount is debited |
         *
         *     `failed`, `refused`, `canceled`, `refunded` and `chargeback` are terminal: nothing moves a transaction out of
         *     them, and a new charge needs a new transaction. `failed` is the acquirer's or issuer's refusal, `refused` the
         *     anti-fraud analysis's. An operation that the current status does not allow (capturing an `approved` transaction,
         *     refunding a `pending` one, canceling a `failed` one, …) is `422 invalidTransition`.
         * @example approved
         * @enum {string}
         */
        TransactionStatus: "pending" | "pre-authorized" | "approved" | "failed" | "refused" | "canceled" | "refunded" | "chargeback" | "dispute" | "fraud-review" | "analyzing" | "awaiting";
        /**
         * @description How the payer pays: `pix` (an instant PIX transfer to a dynamic QR code), `credit` (a credit card, in 1 to 12
         *     installments, captured at once or pre-authorized) or `billet` (a bank slip, *boleto*, paid until its due date).
         * @example pix
         * @enum {string}
         */
        PaymentMethod: "pix" | "credit" | "billet";
        /**
         * @description Page arithmetic of a paginated list. `offset.first` is always 0; `offset.prev` is 0 on the first page;
         *     `offset.next` equals the current offset on the last page; `offset.last` is the offset of the last page
         *     (0 when the result is empty). `total` is 1 when the result is empty, so `current` never exceeds it.
         * @example {
         *       "current": 1,
         *       "total": 3,
         *       "offset": {
         *         "first": 0,
         *         "prev": 0,
         *         "next": 20,
         *         "last": 40
         *       }
         *     }
         */
        Page: {
            /**
             * Format: int64
             * @description Current page number, starting at 1 (`floor(offset / limit) + 1`).
             * @example 1
             */
            current: number;
            /**
             * Format: int64
             * @description Number of pages (`max(1, ceil(total / limit))`).
             * @example 3
             */
            total: number;
            offset: {
                /**
                 * Format: int64
                 * @example 0
                 */
                first: number;
                /**
                 * Format: int64
                 * @example 0
                 */
                prev: number;
                /**
                 * Format: int64
                 * @example 20
                 */
                next: number;
                /**
                 * Format: int64
                 * @example 40
                 */
                last: number;
            };
        };
        /**
         * @description Light projection of a transaction in lists. Read the transaction (`GET /v1/transactions/{transactionId}`) for its
         *     payment details, items, receivables, refunds and timeline.
         */
        TransactionListItem: {
            /** @example tra_8Hq2LmZx4RtY7vKc */
            id: string;
            status: components["schemas"]["TransactionStatus"];
            method: components["schemas"]["PaymentMethod"];
            /**
             * Format: int64
             * @example 20000
             */
            amount: number;
            /**
             * Format: int64
             * @example 20000
             */
            capturedAmount: number;
            /**
             * Format: int64
             * @example 0
             */
            refundedAmount: number;
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            /**
             * Format: int32
             * @description Card installments; 1 for PIX and billet.
             * @example 1
             */
            installments: number;
            /** @description Who pays. */
            customer: {
                /** @example cus_3Jd9QwE5rTy2UiOp */
                id: string;
                /** @example Maria */
                firstName: string;
                /** @example Silva */
                lastName: string;
                /**
                 * Format: email
                 * @example maria.silva@example.com
                 */
                email: string;
            };
            /** @example PED-10045 */
            externalReference: string | null;
            /**
             * Format: date-time
             * @description When the payment was confirmed (`payment.paidAt`); `null` before.
             * @example 2026-03-14T12:31:05.000Z
             */
            paidAt: string | null;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:31:05.000Z
             */
            updatedAt: string;
        };
        /**
         * @description The merchant (business account) that owns the resource.
         * @example {
         *       "name": "Acme Comércio Ltda",
         *       "merchantId": "bus_4Xk9Lm2Qp7Rt5Vw8",
         *       "isSubAccount": false
         *     }
         */
        Merchant: {
            /** @example Acme Comércio Ltda */
            name: string;
            /** @example bus_4Xk9Lm2Qp7Rt5Vw8 */
            merchantId: string;
            /**
             * @description True for a sub-account of a marketplace merchant.
             * @example false
             */
            isSubAccount: boolean;
        };
        /** @description One hypermedia link. */
        Link: {
            /**
             * @description Absolute path of the target, under the API's base address.
             * @example /v1/transactions/tra_8Hq2LmZx4RtY7vKc
             */
            href: string;
            /**
             * @example GET
             * @enum {string}
             */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @example Read this transaction */
            description?: string;
        };
        /**
         * @description Map from relation name to link. Relations used: `self`, `create`, `read`, `update`, `delete`, `list`,
         *     `next`, `installment`, `installments`, plus resource-specific actions (`capture`, `refund`, `cancel`).
         * @example {
         *       "self": {
         *         "href": "/v1/transactions/tra_8Hq2LmZx4RtY7vKc",
         *         "method": "GET",
         *         "description": "Read this transaction"
         *       },
         *       "list": {
         *         "href": "/v1/transactions",
         *         "method": "GET",
         *         "description": "List transactions"
         *       }
         *     }
         */
        Links: {
            [key: string]: components["schemas"]["Link"];
        };
        /** @description A page of the merchant's transactions in the key's mode (light projection), newest first by default. */
        TransactionList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 2
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["TransactionListItem"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Broad class of the error; the `code` is the precise, stable identifier.
         * @example validation
         * @enum {string}
         */
        ErrorCategory: "validation" | "authentication" | "authorization" | "payment" | "client" | "server" | "rate_limit" | "pending";
        /**
         * @description Stable, machine-readable identifier of the error: program on this, never on `message`. The catalogue is closed;
         *     each code always comes with the same HTTP status and category:
         *
         *     | code | HTTP | category | when |
         *     |---|---|---|---|
         *     | `invalidParameters` | 400 | validation | a parameter or body field is missing, of the wrong type or out of range; `params` says which |
         *     | `validationError` | 400 | validation | the body is not valid JSON, or not a JSON object |
         *     | `malformedRequest` | 400 | client | the request is not valid HTTP/1.1: a header with a NUL, CR or LF or an invalid name, no `Host`, a broken request line; the connection is closed |
         *     | `unauthorized` | 401 | authentication | the `ServiceKey` header is missing, unknown, revoked or expired |
         *     | `paymentDeclined` | 402 | payment | a synchronous payment surface was declined |
         *     | `insufficientFundsError` | 402 | payment | a synchronous payment surface lacked funds |
         *     | `forbidden` | 403 | authorization | the key is valid but its role or IP allow-list does not permit this |
         *     | `sandboxOnly` | 403 | authorization | a sandbox-only operation was called with a production key |
         *     | `notFound` | 404 | client | no such path |
         *     | `resourceNotFound` | 404 | client | no such resource (generic) |
         *     | `transactionNotFound`, `customerNotFound`, `addressNotFound`, `walletNotFound`, `variantNotFound`, `productNotFound`, `subscriptionNotFound`, `subscriptionSplitNotFound`, `paymentLinkNotFound`, `webhookNotFound`, `webhookEventNotFound`, `withdrawalNotFound` | 404 | client | no resource of that type with that id for this merchant and mode |
         *     | `sandboxClockNotFound` | 404 | client | no sandbox test clock with that id for this merchant |
         *     | `methodNotAllowed` | 405 | client | the path exists but not for this method; see the `Allow` header |
         *     | `idempotencyMismatch` | 409 | client | the idempotency key was used with a different request |
         *     | `idempotencyInProgress` | 409 | client | the first request with this idempotency key is still running |
         *     | `webhookEndpointAlreadyExists` | 409 | client | an endpoint with this URL is already registered in this mode |
         *     | `customerAlreadyExists` | 409 | client | another customer of the merchant in this mode has this document; `details` names it |
         *     | `walletAlreadyExists` | 409 | client | the merchant already has a wallet with this bank, branch and account in this mode; `details` names it |
         *     | `sandboxClockBusy` | 409 | client | the sandbox clock is being advanced by another request; retry once it answered |
         *     | `requestTimeout` | 408 | client | the request's headers or body did not arrive in time; the connection is closed |
         *     | `payloadTooLarge` | 413 | client | the body exceeds 1 MiB |
         *     | `headersTooLarge` | 431 | client | the request's headers exceed 16 KiB; the connection is closed |
         *     | `unprocessableEntity` | 422 | validation | well-formed but semantically invalid data (generic) |
         *     | `invalidDocument` | 422 | validation | a CPF/CNPJ whose check digits are wrong |
         *     | `invalidCard` | 422 | validation | a card number failing the Luhn check, or an expiry in the past |
         *     | `itemsTotalMismatch` | 422 | validation | the items do not add up to the transaction amount |
         *     | `invalidTransition` | 422 | validation | the transaction's status does not allow this operation |
         *     | `captureAmountInvalid` | 422 | validation | the capture amount is not between 1 and the authorized amount |
         *     | `refundAmountInvalid` | 422 | validation | the refund exceeds what is left to refund |
         *     | `invalidPricing` | 422 | validation | a variant's pricing is inconsistent (a recurring price without `billingFrequency`, billing fields on a one-time price, a `billingExactDay` with `daily`/`weekly`, trial fields that disagree); `params` says which |
         *     | `productDisabled` | 422 | validation | a variant was added to, or moved to, a disabled product |
         *     | `variantDisabled` | 422 | validation | a disabled variant (or a variant of a disabled product) was named where it would be sold or subscribed to |
         *     | `variantNotRecurring` | 422 | validation | a one-time variant was named where a recurring plan is needed (a subscription, a recurring payment link) |
         *     | `splitPercentageExceeded` | 422 | validation | the splits of a subscription would exceed 100%, or their shares would not fit in its amount net of the processing fee the merchant bears |
         *     | `walletHasPendingWithdrawals` | 422 | validation | the wallet has withdrawals still pending |
         *     | `insufficientBalance` | 422 | validation | a withdrawal asks for more than the available balance; `message` says how much is available |
         *     | `webhookEndpointNotAllowed` | 422 | validation | an endpoint on a loopback, private or link-local address: production always, sandbox where the service denies private addresses (link-local in both) |
         *     | `providerNotConfigured` | 422 | validation | no payment provider is configured for the key's mode (resource `payorch`) |
         *     | `sandboxClockTimeInvalid` | 422 | validation | a sandbox clock's start outside 2000–2099, or an advance backwards or more than five years ahead |
         *     | `sandboxClockTooManyJobs` | 422 | validation | more jobs fell due in one advance than it runs; the clock stopped at the last one's time |
         *     | `subscriptionNotAttachable` | 422 | validation | the subscription has billed a cycle already, or is on another clock |
         *     | `tooManyRequests` | 429 | rate_limit | the key's quota is spent, or a resource was polled too often; see `Retry-After` |
         *     | `serverError` | 500 | server | an unexpected error; `details` names the `correlationId` |
         *     | `notImplemented` | 501 | server | the operation is in the contract but not served by this build yet |
         *     | `providerUnavailable` | 503 | server | every payment route for the method is unavailable; retry with backoff |
         *     | `docsNotBuilt` | 503 | server | `GET /docs` (outside `/v1`) before the reference page was built with `npm run docs` (resource `docs`) |
         * @example invalidParameters
         * @enum {string}
         */
        ErrorCode: "invalidParameters" | "validationError" | "malformedRequest" | "unauthorized" | "paymentDeclined" | "insufficientFundsError" | "forbidden" | "sandboxOnly" | "notFound" | "resourceNotFound" | "transactionNotFound" | "customerNotFound" | "addressNotFound" | "walletNotFound" | "variantNotFound" | "productNotFound" | "subscriptionNotFound" | "subscriptionSplitNotFound" | "paymentLinkNotFound" | "webhookNotFound" | "webhookEventNotFound" | "withdrawalNotFound" | "sandboxClockNotFound" | "methodNotAllowed" | "idempotencyMismatch" | "idempotencyInProgress" | "webhookEndpointAlreadyExists" | "customerAlreadyExists" | "walletAlreadyExists" | "sandboxClockBusy" | "requestTimeout" | "payloadTooLarge" | "headersTooLarge" | "unprocessableEntity" | "invalidDocument" | "invalidCard" | "itemsTotalMismatch" | "invalidTransition" | "captureAmountInvalid" | "invalidPricing" | "productDisabled" | "variantDisabled" | "variantNotRecurring" | "refundAmountInvalid" | "splitPercentageExceeded" | "walletHasPendingWithdrawals" | "insufficientBalance" | "webhookEndpointNotAllowed" | "providerNotConfigured" | "sandboxClockTimeInvalid" | "sandboxClockTooManyJobs" | "subscriptionNotAttachable" | "tooManyRequests" | "serverError" | "notImplemented" | "providerUnavailable" | "docsNotBuilt";
        /**
         * @description The one error envelope: an object with the single key `error`. `code` is the stable contract; `message`,
         *     `status` and `details` are texts that may change. No stack trace, SQL text or internal path ever appears here.
         */
        Error: {
            error: {
                /**
                 * @description HTTP status text.
                 * @example Bad Request
                 */
                status: string;
                /**
                 * Format: int32
                 * @example 400
                 */
                statusCode: number;
                category: components["schemas"]["ErrorCategory"];
                code: components["schemas"]["ErrorCode"];
                /** @example The request has invalid parameters. */
                message: string;
                /**
                 * @description What the error is about. A code about one resource type always names that type: a `404` for an id that
                 *     names nothing carries the type of that id (`subscriptionNotFound` → `subscription`, `webhookNotFound` →
                 *     `webhookEndpoint`, `webhookEventNotFound` → `webhookEvent`, `subscriptionSplitNotFound` →
                 *     `subscriptionSplit`, `sandboxClockNotFound` → `clock`), and a path with two ids answers for the first one
                 *     missing. A generic code (`invalidParameters`, `unprocessableEntity`) names the resource of the operation, or
                 *     the part of the service that answered. The values in use are `transaction`, `customer`, `address`,
                 *     `wallet`, `withdrawal`, `product`, `variant`, `subscription`, `subscriptionSplit`, `cycle`, `paymentLink`,
                 *     `checkout` (a checkout session), `webhookEndpoint`, `webhookEvent`, `clock`, `simulator` (fee
                 *     simulation), `requestLog` (the request log, `/v1/logs/requests`), `payorch` (the payment providers), `docs`, `client` (the request itself) and `server`. The
                 *     list may grow with new resources, so it is not an enum: program on `code`, and treat an unknown
                 *     `resource` as informative.
                 * @example transaction
                 */
                resource: string;
                /**
                 * @description More about the error; for a `500` the correlation id, for a capped `params` the count of the rest.
                 * @example See correlationId corr_7fJ2kq9XbT4mWc1R in the response headers.
                 */
                details?: string;
                /**
                 * @description Validation errors, one object per failing field, mapping the field's name in bracket notation
                 *     (`payment[method]`, `items[0][unitPrice]`) to a message. At most 20 entries; `details` counts the ones
                 *     not listed. A body that may take several shapes (`CreateTransactionRequest`) is reported against the shape
                 *     its `payment.method` selects; two fields that exclude each other (`customer` and `customerId`) are one
                 *     entry.
                 * @example [
                 *       {
                 *         "payment[method]": "must be one of pix, credit, billet"
                 *       }
                 *     ]
                 */
                params?: {
                    [key: string]: string;
                }[];
                /**
                 * Format: uri
                 * @example https://docs.payments.example/errors/invalidParameters
                 */
                docUrl?: string;
                /**
                 * @example [
                 *       "https://support.payments.example"
                 *     ]
                 */
                supportUrls?: string[];
            };
        };
        /**
         * @description Brazilian tax document of a person (`cpf`, 11 digits) or company (`cnpj`, 14 digits). Punctuation is accepted on
         *     input and removed; the number is stored and returned as digits only. A number whose check digits are wrong is
         *     well-formed but invalid: `422 invalidDocument`.
         * @example {
         *       "type": "cpf",
         *       "number": "52998224725"
         *     }
         */
        Document: {
            /**
             * @example cpf
             * @enum {string}
             */
            type: "cpf" | "cnpj";
            /** @example 52998224725 */
            number: string;
        };
        /**
         * @description A telephone number split in its parts; `line` is the combined number, set by the service.
         * @example {
         *       "countryCode": "55",
         *       "areaCode": "11",
         *       "number": "987654321",
         *       "line": "+5511987654321"
         *     }
         */
        Telephone: {
            /** @example 55 */
            countryCode: string;
            /** @example 11 */
            areaCode: string;
            /** @example 987654321 */
            number: string;
            /**
             * @description The combined number in E.164 form.
             * @example +5511987654321
             */
            readonly line?: string;
        };
        /**
         * @description The payer, given inline instead of `customerId`. The service looks for an existing customer of the merchant in the
         *     key's mode: with a `document`, the customer with that document (documents are unique); without one, the most
         *     recently created customer with that `email`. When one is found it is used as it is (the fields sent here do not
         *     update it; `PUT /v1/customers/{customerId}` does); otherwise a customer is created from these fields
         *     (`customer.created`), together with the transaction: a request that is refused creates no customer. A CPF or CNPJ
         *     whose check digits are wrong is `422 invalidDocument`; a customer found but retired (`available: false`) is `422
         *     unprocessableEntity`. A billet needs a customer with a document.
         * @example {
         *       "firstName": "Maria",
         *       "lastName": "Silva",
         *       "email": "maria.silva@example.com",
         *       "document": {
         *         "type": "cpf",
         *         "number": "52998224725"
         *       }
         *     }
         */
        TransactionCustomerInput: {
            /** @example Maria */
            firstName: string;
            /** @example Silva */
            lastName: string;
            /**
             * Format: email
             * @example maria.silva@example.com
             */
            email: string;
            document?: components["schemas"]["Document"];
            telephone?: components["schemas"]["Telephone"];
        };
        /**
         * @description One line of what is charged for. The items of a transaction (at most 100) must add up to its `amount`:
         *     Σ `unitPrice` × `quantity` = `amount`, or the request is `422 itemsTotalMismatch`. The item keeps the `name`,
         *     `unitPrice` and `variantId` sent, whatever the variant's current pricing. A `variantId` must name a variant of
         *     the merchant in the key's mode (else `422 unprocessableEntity`) that can be sold: enabled, of an enabled product
         *     (else `422 variantDisabled`); `params` names the item (`items[0][variantId]`).
         * @example {
         *       "name": "Camiseta Acme",
         *       "unitPrice": 7500,
         *       "quantity": 2,
         *       "variantId": "var_9Kl3MnB6vCx1ZaQw",
         *       "externalReference": "SKU-CAM-M"
         *     }
         */
        TransactionItemInput: {
            /** @example Camiseta Acme */
            name: string;
            /**
             * Format: int64
             * @description Price of one unit, in cents.
             * @example 7500
             */
            unitPrice: number;
            /**
             * Format: int32
             * @example 2
             */
            quantity: number;
            /** @example Camiseta de algodão, tamanho M */
            description?: string;
            /**
             * @example [
             *       "https://cdn.acme.com.br/img/camiseta-m.jpg"
             *     ]
             */
            images?: string[];
            /**
             * @description The product variant sold.
             * @example var_9Kl3MnB6vCx1ZaQw
             */
            variantId?: string;
            /**
             * @description The merchant's own reference of the item (a SKU or order line id).
             * @example SKU-CAM-M
             */
            externalReference?: string;
            /**
             * @default false
             * @example false
             */
            isUpsell?: boolean;
            /**
             * @default false
             * @example false
             */
            isOrderbump?: boolean;
            /**
             * @example {
             *       "color": "azul"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @description A charge by PIX: the service issues a dynamic QR code (BR Code) valid for `payment.expiresIn` seconds, shown in
         *     `payment.pixQrCodeEmv`, `pixQrCodeUrl` and `pixQrCodeImage` and on `payment.invoiceLink`. The transaction
         *     becomes `approved` when the payer pays, or `canceled` when the QR code expires unpaid. Give exactly one of
         *     `customer` and `customerId`.
         */
        CreatePixTransactionRequest: {
            /**
             * Format: int64
             * @description Amount to charge in cents, from 100 (BRL 1.00) to 1000000000 (BRL 10,000,000.00).
             * @example 20000
             */
            amount: number;
            /**
             * @default BRL
             * @example BRL
             * @enum {string}
             */
            currency?: "BRL";
            /**
             * @description Your own reference (an order number); filterable, not required to be unique.
             * @example PED-10045
             */
            externalReference?: string;
            customer?: components["schemas"]["TransactionCustomerInput"];
            /**
             * @description An existing customer to charge, instead of `customer`.
             * @example cus_3Jd9QwE5rTy2UiOp
             */
            customerId?: string;
            /** @description What is charged for; when sent, the items must add up to `amount`. */
            items?: components["schemas"]["TransactionItemInput"][];
            /**
             * @description Up to 50 key-value pairs of your own (keys up to 40 characters, values up to 500), returned as sent.
             * @example {
             *       "orderId": "10045"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            payment: {
                /** @enum {string} */
                method: "pix";
                /**
                 * Format: int32
                 * @description Seconds the QR code can be paid for, from 60 to 604800 (7 days); 3600 when omitted. (No `default` keyword
                 *     here on purpose: validators that fill in defaults would fill this one into the other methods' `payment`
                 *     while trying each branch of `CreateTransactionRequest`.)
                 * @example 3600
                 */
                expiresIn?: number;
            };
        } & (unknown | unknown);
        /**
         * @description The card to charge. The number and the CVV are used only to reach the acquirer: they are never stored, logged or
         *     returned (the transaction keeps the first 6 and last 4 digits and the brand). A number failing the Luhn check, an
         *     expiry in the past, a number of an unsupported brand (supported: Visa, Mastercard, Elo, American Express,
         *     Hipercard) or a security code of the wrong length for the brand (4 digits for American Express, 3 for the
         *     others) is `422 invalidCard`. The card is valid through the last day of its expiry month.
         *
         *     In sandbox the number chooses the outcome:
         *
         *     | number | outcome |
         *     |---|---|
         *     | `4111111111111111`, `5555555555554444` | approved |
         *     | `4000000000000002` | `failed`, `payment.refused.code` `issuerDeclined` |
         *     | `4000000000009995` | `failed`, `payment.refused.code` `insufficientFunds` |
         *     | `4000000000000259` | anti-fraud review: `analyzing` → `fraud-review` → `approved` |
         *     | `4000000000000267` | anti-fraud refusal: `analyzing` → `refused` (`antiFraudRefused`) |
         *     | `4000000000000119` | the first route is unavailable; the charge falls back to the second (see `timeline`) and is approved |
         *     | any other Luhn-valid number of a supported brand | approved |
         * @example {
         *       "number": "5555555555554444",
         *       "holderName": "MARIA SILVA",
         *       "expMonth": 12,
         *       "expYear": 2030,
         *       "cvv": "123"
         *     }
         */
        CardInput: {
            /**
             * @description Card number, digits only.
             * @example 5555555555554444
             */
            number: string;
            /**
             * @description Name as printed on the card.
             * @example MARIA SILVA
             */
            holderName: string;
            /**
             * Format: int32
             * @example 12
             */
            expMonth: number;
            /**
             * Format: int32
             * @description Four-digit year.
             * @example 2030
             */
            expYear: number;
            /**
             * @description Security code, 3 digits (4 for American Express).
             * @example 123
             */
            cvv: string;
        };
        /**
         * @description A charge by credit card, in 1 to 12 `installments`. With `capture: true` (the default) an approved charge is
         *     captured at once and becomes `approved`; with `capture: false` the amount is only authorized
         *     (`pre-authorized`) and must be captured within 7 days with `POST /v1/transactions/{transactionId}/capture`, or it
         *     is released (`canceled`). A refusal is not an error of this request: the transaction becomes `failed`. Give
         *     exactly one of `customer` and `customerId`.
         */
        CreateCardTransactionRequest: {
            /**
             * Format: int64
             * @description Amount to charge in cents, from 100 (BRL 1.00) to 1000000000 (BRL 10,000,000.00).
             * @example 30000
             */
            amount: number;
            /**
             * @default BRL
             * @example BRL
             * @enum {string}
             */
            currency?: "BRL";
            /**
             * @description Your own reference (an order number); filterable, not required to be unique.
             * @example PED-10046
             */
            externalReference?: string;
            customer?: components["schemas"]["TransactionCustomerInput"];
            /**
             * @description An existing customer to charge, instead of `customer`.
             * @example cus_3Jd9QwE5rTy2UiOp
             */
            customerId?: string;
            /** @description What is charged for; when sent, the items must add up to `amount`. */
            items?: components["schemas"]["TransactionItemInput"][];
            /**
             * @description Up to 50 key-value pairs of your own (keys up to 40 characters, values up to 500), returned as sent.
             * @example {
             *       "orderId": "10045"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            payment: {
                /** @enum {string} */
                method: "credit";
                card: components["schemas"]["CardInput"];
                /**
                 * Format: int32
                 * @description Number of monthly installments the payer splits the charge into; 1 when omitted.
                 * @example 3
                 */
                installments?: number;
                /**
                 * @description False to only authorize the amount now and capture it later; true when omitted. (The defaults of
                 *     `payment` are written in words, not as `default` keywords, which validators would fill into the other
                 *     methods' `payment` while trying each branch of `CreateTransactionRequest`.)
                 * @example true
                 */
                capture?: boolean;
            };
        } & (unknown | unknown);
        /**
         * @description A charge by bank slip (*boleto*). The service registers the billet with the bank and fills in its barcode,
         *     digitable line and PDF (`payment.billet*`). The transaction becomes `approved` when the bank confirms the payment
         *     (usually the next business day) or `canceled` when the due date passes unpaid. The customer must have a CPF or
         *     CNPJ (`422 unprocessableEntity` otherwise). Give exactly one of `customer` and `customerId`.
         */
        CreateBilletTransactionRequest: {
            /**
             * Format: int64
             * @description Amount to charge in cents, from 100 (BRL 1.00) to 1000000000 (BRL 10,000,000.00).
             * @example 15000
             */
            amount: number;
            /**
             * @default BRL
             * @example BRL
             * @enum {string}
             */
            currency?: "BRL";
            /**
             * @description Your own reference (an order number); filterable, not required to be unique.
             * @example PED-10047
             */
            externalReference?: string;
            customer?: components["schemas"]["TransactionCustomerInput"];
            /**
             * @description An existing customer to charge, instead of `customer`.
             * @example cus_3Jd9QwE5rTy2UiOp
             */
            customerId?: string;
            /** @description What is charged for; when sent, the items must add up to `amount`. */
            items?: components["schemas"]["TransactionItemInput"][];
            /**
             * @description Up to 50 key-value pairs of your own (keys up to 40 characters, values up to 500), returned as sent.
             * @example {
             *       "orderId": "10045"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            payment: {
                /** @enum {string} */
                method: "billet";
                /**
                 * Format: date
                 * @description Last day the billet can be paid (São Paulo calendar), from today to 365 days ahead (`422
                 *     unprocessableEntity` otherwise); 3 days after today when omitted.
                 * @example 2026-03-17
                 */
                dueDate?: string;
                /**
                 * @description Text printed on the billet for the cashier (*instruções*).
                 * @example Não receber após o vencimento.
                 */
                instructions?: string;
            };
        } & (unknown | unknown);
        /**
         * @description A new charge. The body's shape depends on `payment.method`: `pix` (`CreatePixTransactionRequest`), `credit`
         *     (`CreateCardTransactionRequest`) or `billet` (`CreateBilletTransactionRequest`). An unknown method, or fields of
         *     another method's `payment`, are `400 invalidParameters`.
         */
        CreateTransactionRequest: components["schemas"]["CreatePixTransactionRequest"] | components["schemas"]["CreateCardTransactionRequest"] | components["schemas"]["CreateBilletTransactionRequest"];
        /**
         * @description The answer to `POST /v1/transactions`: the new transaction, always `pending`, whose charge is processed in the
         *     background. Learn the outcome from the webhooks (`transaction.approved`, `transaction.failed`, …), not by reading
         *     the transaction repeatedly; read it once to get what the summary does not carry (the PIX QR code, the billet).
         */
        TransactionSummary: {
            /** @example tra_8Hq2LmZx4RtY7vKc */
            id: string;
            /**
             * @description Always `pending` on creation (and on an idempotent replay of the creation).
             * @example pending
             * @enum {string}
             */
            status: "pending";
            /**
             * Format: int64
             * @example 20000
             */
            amount: number;
            method: components["schemas"]["PaymentMethod"];
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Why a charge did not go through, set when the transaction becomes `failed` (the issuer, the acquirer, the
         *     background retries running out, or the background processing giving up) or `refused` (the anti-fraud analysis). Program on `code`; `message` is a text
         *     for people that may change. New codes may be added within `v1`: treat an unknown one like `issuerDeclined`.
         *
         *     | code | status | meaning |
         *     |---|---|---|
         *     | `issuerDeclined` | `failed` | the card issuer declined the charge without a more specific reason |
         *     | `insufficientFunds` | `failed` | the card has no limit or balance for the amount |
         *     | `expiredCard` | `failed` | the issuer reports the card expired or replaced |
         *     | `cardBlocked` | `failed` | the card is blocked, lost or stolen |
         *     | `invalidSecurityCode` | `failed` | the issuer refused the security code (CVV) typed: ask the payer to type it again |
         *     | `authenticationRequired` | `failed` | the issuer asked the payer to authenticate (3-D Secure), which this version cannot run: nothing was charged; the payer may try another card, or PIX or billet |
         *     | `routesExhausted` | `failed` | every route stayed unavailable until the background retries ran out |
         *     | `processingFailed` | `failed` | the route refused the charge itself, not the card (its words in `message`: a boleto for a payer without an address, installments a card does not offer, a charge the provider holds as canceled); or the background processing kept failing until its attempts ran out (for example a route that neither answered nor could be told to void). Either way anything a route may have authorized is voided, nothing is charged |
         *     | `antiFraudRefused` | `refused` | the anti-fraud analysis (automatic or manual review) refused the charge |
         * @example {
         *       "code": "insufficientFunds",
         *       "message": "The card has insufficient funds for this amount.",
         *       "provider": "sandbox"
         *     }
         */
        PaymentRefusal: {
            /**
             * @example issuerDeclined
             * @enum {string}
             */
            code: "issuerDeclined" | "insufficientFunds" | "expiredCard" | "cardBlocked" | "invalidSecurityCode" | "authenticationRequired" | "routesExhausted" | "processingFailed" | "antiFraudRefused";
            /** @example The card issuer declined the charge. */
            message: string;
            /**
             * @description The provider (route) that gave the answer; `antifraud` for the anti-fraud analysis.
             * @example sandbox
             */
            provider: string;
        };
        /**
         * @description How the transaction is paid, as the provider reported it. Which fields are filled depends on the method: the
         *     `pix*` fields for PIX, the `billet*` fields for billets, the `card*` fields and `acquirerTransactionNumber` for
         *     cards; the others are `null`. PIX and billet instructions are issued in the background, within seconds of the
         *     `201`: until then they are `null` while the status is `pending`. `invoiceLink` exists from the start and shows
         *     them as soon as they do, so it can be given to the payer at once.
         *
         *     The card number and the CVV are never stored, logged or returned: only `cardFirstDigits` (the 6-digit BIN),
         *     `cardLastDigits` and `cardBrand` are kept.
         */
        TransactionPayment: {
            /**
             * @description The provider (route) handling the charge: chosen at creation, and replaced when the charge falls back to
             *     another route (the `timeline` shows each attempt). In sandbox the routes are `sandbox` and, when the first
             *     one is unavailable, `sandbox-fallback`.
             * @example sandbox
             */
            provider: string;
            /**
             * @description Version of the integration with `provider` that processed the charge.
             * @example 1.0
             */
            version: string;
            /** @description Why the charge did not go through; `null` unless the status is `failed` or `refused`. */
            refused: components["schemas"]["PaymentRefusal"] | null;
            /**
             * @description True when the card of this charge was stored (as a provider token) so that later charges, such as subscription renewals, need no card data; false for PIX and billet.
             * @example false
             */
            reusable: boolean;
            /**
             * Format: uri
             * @description The billet as a printable page served by the service (`{PUBLIC_BASE_URL}/pay/{token}/billet`): beneficiary,
             *     amount, due date, digitable line and the interleaved 2-of-5 barcode of the 44 digits. Public, under a random
             *     token: it shows only what the payer needs.
             * @example https://pay.payments.example/billets/tra_5Cv8Bn2Mq6Wx9Zt1.pdf
             */
            billetUrl: string | null;
            /**
             * @description The 44 digits encoded in the billet's barcode (FEBRABAN layout, check digit included).
             * @example 34196138800000150001570001234567890100450000
             */
            billetBarcode: string | null;
            /**
             * @description The digitable line (*linha digitável*), 47 digits, that the payer types in a banking app.
             * @example 34191570070123456789701004500003613880000015000
             */
            billetSequence: string | null;
            /**
             * @description Document number printed on the billet (*número do documento*).
             * @example 10045
             */
            billetDocumentNumber: string | null;
            /**
             * @description The bank's reference of the billet (*nosso número*).
             * @example 00012345678
             */
            billetReferenceNumber: string | null;
            /**
             * @description The BR Code (PIX copy-and-paste payload, EMV format, with its CRC16), to show as text or as a QR code.
             * @example 00020101021226690014br.gov.bcb.pix2547pix.payments.example/qr/v2/cob/8Hq2LmZx4RtY7vKc5204000053039865406200.005802BR5918ACME COMERCIO LTDA6009SAO PAULO62070503***6304F0C0
             */
            pixQrCodeEmv: string | null;
            /**
             * Format: uri
             * @description The QR code as a PNG image (`{PUBLIC_BASE_URL}/pay/{token}/qr.png`), public under the charge's random token and
             *     drawn from `pixQrCodeEmv` when asked for; `null` until the code is issued. The payer's browser may keep it for a
             *     few minutes (`Cache-Control: private, max-age=300`); once the charge is no longer payable it answers `404`.
             * @example https://pay.payments.example/pay/8Hq2LmZx4RtY7vKc/qr.png
             */
            pixQrCodeUrl: string | null;
            /**
             * @description The QR code of `pixQrCodeEmv` inline, as a PNG data URL (`data:image/png;base64,…`), to put in an `<img>` or an
             *     app without a second request; `null` until the code is issued, and for every method but PIX. Drawn once, when
             *     the code is issued, and kept with the charge: every read and every later event carries the same bytes.
             *
             *     It is kept small, about 1 KB: error correction level M (recovers about 15 % of damaged modules), the 4-module
             *     quiet zone scanners need, one pixel per module (a BR Code of ~180 characters is 61 × 61 or 65 × 65 pixels),
             *     greyscale. Show it enlarged with nearest-neighbour scaling (CSS `image-rendering: pixelated`), never smoothed,
             *     or use `pixQrCodeUrl`, the same code already sized for a screen. Charges whose code was issued while this field
             *     was deprecated (always `null`) keep `null`: use `pixQrCodeUrl` for them.
             * @example data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAD0AAAA9CAAAAAA7CT41AAACbklEQVR4AaXBQXIARRAEMf3/00n1rE3A2ZL+Qn+hv9BfaHwqlUoi5YSEyqfR6KhMFCJJI5/S0WiEFEkpFCEqRUpIoxFSOioqKh1RJCGNRkihEZGTUiEqIY1GR5TyJBUSlah0NBqfJEmSJEmSJPk0+h9loqJCoaP/0ygRJZXKJ0rIk37pEX1MKVJKiiJJo9GRSYmI0uNEJRF6NFSK/IoKRUhyCh2NZEqDRoNQfmVKoxEqZNIHiago0ehoTDlJo4h0/OiRNDpEKhNJKhKhUKTS6KM0UimNSp6GjtPoISmJklSmkkJFRRodlEwqlHKKkgiNNHqkIfKkkUj6QUpHj5MoGjmRchKS6eggKZRG6SgllSSURkOkQqWS00ckhaJH43RoCI1GIipCenTkRyEpPyIp8iuNHlT6gYqKEgpR6YeGkkxHKZKiREdSaXRIRT5JVBIpExV99MhpNCafKKTylI6OEx1SSaikkUZKGn1EJYVGQqE0Kqc0OkieSoUoenTkSUejiIpIRGMyIZWiR0elqFQiHaIkehQdDRUVhVJyQlGUDjoaklAp0pFUSkWj0qN/SUWmSFLJiSIqjY5SIkRKIglJJR0dHTJFKSGVJGk0pNLomBKSyiTKFEIi6WiUCZVSoUQkKif90oMipEeolAYVKtJoyIlISUIJpaIyodGhEfpQqZAijVKi0UcRJSrkpDKlcvqh/yBRiqiIQiUqSqPxqSSnIxHpEQk9Gh3JJykqhRIVldNohJTQIJ+QfPKURiMkKXJC6VCSTKOjEVImKhqElNNHPzQ6ikoyRUqHqPToaHzSUU4JFWWikXT0F/oL/YX+4h/pvPt1orKLmgAAAABJRU5ErkJggg==
             */
            pixQrCodeImage: string | null;
            /**
             * @description The provider's identifier of the charge: the acquirer's transaction id for cards, the PIX `txid`, the bank's
             *     registration for billets; `null` until a provider has accepted the charge.
             * @example 8Hq2LmZx4RtY7vKc0000000001
             */
            acquirerTransactionNumber: string | null;
            /**
             * @description First 6 digits of the card number (BIN); `null` unless the method is `credit`.
             * @example 555555
             */
            cardFirstDigits: string | null;
            /**
             * @description Last 4 digits of the card number; `null` unless the method is `credit`.
             * @example 4444
             */
            cardLastDigits: string | null;
            /**
             * @description Card brand, read from the card number; `null` unless the method is `credit`.
             * @example mastercard
             * @enum {string|null}
             */
            cardBrand: "visa" | "mastercard" | "elo" | "amex" | "hipercard" | null;
            /**
             * @description True when the charge used a card already stored for the customer (no card data was sent); false for PIX and billet.
             * @example false
             */
            cardRegistered: boolean;
            /**
             * Format: int32
             * @description Number of card installments; 1 for PIX and billet.
             * @example 1
             */
            installments: number;
            /**
             * Format: date-time
             * @description When the payment instructions stop being payable: the PIX QR code's expiry (creation + `expiresIn`), the end
             *     of the billet's due date (23:59:59.999 São Paulo time, in UTC), or the end of a card pre-authorization (7
             *     days after it); the transaction becomes `canceled` if still unpaid (uncaptured) then. `null` otherwise.
             * @example 2026-03-14T13:30:00.000Z
             */
            expirationDate: string | null;
            /**
             * Format: date-time
             * @description When the payment was confirmed (PIX or billet paid, card captured); `null` before.
             * @example 2026-03-14T12:31:05.000Z
             */
            paidAt: string | null;
            /**
             * @description True when the hosted invoice page may issue a new QR code or billet after the current one expires (a payment
             *     link option); always false for transactions created through this API, which become `canceled` on expiry: charge
             *     again with a new transaction.
             * @example false
             */
            allowRenewPayment: boolean;
            /**
             * Format: uri
             * @description The invoice page of this charge, served by the service (`{PUBLIC_BASE_URL}/pay/{token}`, a random token unrelated
             *     to the transaction's id): the payer sees what is charged and the QR code and copy-and-paste code, the billet, or
             *     the outcome, which the page updates by itself as the charge changes. It is the checkout page of a payment link
             *     for one transaction, shows nothing more than the payer needs, and lasts as long as the transaction.
             * @example https://pay.payments.example/i/tra_8Hq2LmZx4RtY7vKc
             */
            invoiceLink: string;
        };
        /**
         * @description A discount the hosted checkout applied (a coupon, or a discount the payment link gives for paying by PIX or
         *     billet). `amount` is what it took off: the transaction's `amount` is its `originalAmount` minus this `amount`.
         *     Transactions created with `POST /v1/transactions` carry no discount (`discount: null`): send the final `amount`.
         */
        TransactionDiscount: {
            /**
             * @description `percentage` of `originalAmount`, or a `fixed` amount.
             * @example percentage
             * @enum {string}
             */
            type: "percentage" | "fixed";
            /**
             * @description The percentage (0 < value ≤ 100) for `percentage`, the amount in cents for `fixed`.
             * @example 10
             */
            value: number;
            /**
             * Format: int64
             * @description Amount taken off, in cents (a percentage rounded down to the cent).
             * @example 2000
             */
            amount: number;
            /**
             * @description The coupon code the payer entered; `null` for a discount by payment method.
             * @example BEMVINDO10
             */
            code: string | null;
        };
        /**
         * @description The paying customer as embedded in a transaction: the fields of the `Customer` resource without `merchant` and
         *     `_links`. It is a copy taken when the transaction was created (a later edit of the customer does not rewrite the
         *     record of the charge); `id` names the customer, readable with `GET /v1/customers/{customerId}`.
         */
        TransactionCustomer: {
            /** @example cus_3Jd9QwE5rTy2UiOp */
            id: string;
            /** @example Maria */
            firstName: string;
            /** @example Silva */
            lastName: string;
            /**
             * Format: email
             * @example maria.silva@example.com
             */
            email: string;
            /** @description CPF or CNPJ, digits only; `null` when the customer has none. */
            document: components["schemas"]["Document"] | null;
            /** @description Telephone with its combined `line`; `null` when the customer has none. */
            telephone: components["schemas"]["Telephone"] | null;
            /**
             * Format: date
             * @example 1990-05-17
             */
            birthdate: string | null;
            /**
             * @example female
             * @enum {string|null}
             */
            gender: "female" | "male" | "other" | "undisclosed" | null;
            /**
             * @description As in the `Customer` resource, at the time of the copy.
             * @example true
             */
            available: boolean;
            /**
             * @description As in the `Customer` resource, at the time of the copy.
             * @example false
             */
            delinquent: boolean;
            /**
             * @description The merchant's own reference of the customer.
             * @example CLI-000123
             */
            externalReference: string | null;
            /**
             * @description Other addresses that receive the customer's e-mails.
             * @example [
             *       "financeiro@example.com"
             *     ]
             */
            additionalEmails: string[] | null;
            /**
             * @example {
             *       "segment": "varejo"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description A postal address as embedded in a transaction (`billing.address`, `shipping.address`): the fields of the
         *     `Address` resource except `primary`, `metadata`, `merchant` and `_links`. It is a copy taken when the transaction
         *     was created, so later edits or the deletion of the address do not alter the record of the charge; `id` names the
         *     address it was copied from. `postcode` and the display lines are composed as in `Address`.
         */
        TransactionAddress: {
            /** @example addr_6Bn4VcX8zLk2JhGf */
            id: string;
            /**
             * @description Kind of resource that owns the address.
             * @example customer
             * @enum {string}
             */
            ownerType: "customer";
            /**
             * @description The owner (a customer).
             * @example cus_3Jd9QwE5rTy2UiOp
             */
            ownerId: string;
            /** @example Av. Paulista */
            street: string;
            /** @example 1578 */
            number: string;
            /**
             * @description Apartment, suite or block; an empty string when there is none.
             * @example Conjunto 42
             */
            complement: string;
            /** @example Bela Vista */
            district: string;
            /** @example São Paulo */
            city: string;
            /**
             * @description State (UF), two letters.
             * @example SP
             */
            state: string;
            /**
             * @description ISO 3166-1 alpha-2 country code.
             * @example BR
             */
            country: string;
            /** @example 01310-200 */
            postcode: string;
            /** @example -23.561414 */
            latitude: number | null;
            /** @example -46.655881 */
            longitude: number | null;
            /**
             * @description The whole address on one line.
             * @example Av. Paulista, 1578 - Conjunto 42, Bela Vista, São Paulo - SP, 01310-200
             */
            line: string;
            /**
             * @description Street, number and complement.
             * @example Av. Paulista, 1578 - Conjunto 42
             */
            line1: string;
            /**
             * @description District.
             * @example Bela Vista
             */
            line2: string;
            /**
             * @description City, state and postcode.
             * @example São Paulo - SP, 01310-200
             */
            line3: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
        };
        /**
         * @description Delivery of the items, when the transaction is `shippable`: where to, and the fee charged for it (part of the
         *     transaction's `amount`). Filled in by the hosted checkout, which asks the payer for the delivery address;
         *     transactions created with `POST /v1/transactions` are not shippable in `v1` (`shipping: null`).
         */
        TransactionShipping: {
            /**
             * Format: int64
             * @description Shipping fee in cents (0 for free shipping).
             * @example 1590
             */
            amount: number;
            /**
             * @description Name of the carrier service chosen, when the checkout offers a choice.
             * @example SEDEX
             */
            service: string | null;
            address: components["schemas"]["TransactionAddress"];
        };
        /**
         * @description One line of what the transaction charges for: `quantity` × `unitPrice`. When a transaction has items, their
         *     totals add up to its `amount`. Items are fixed once the transaction is created.
         * @example {
         *       "id": "item_4Rt7Yu1Io3Pa5Sd8",
         *       "name": "Camiseta Acme",
         *       "unitPrice": 7500,
         *       "quantity": 2,
         *       "currency": "BRL",
         *       "description": "Camiseta de algodão, tamanho M",
         *       "images": [
         *         "https://cdn.acme.com.br/img/camiseta-m.jpg"
         *       ],
         *       "isUpsell": false,
         *       "isOrderbump": false,
         *       "metadata": {},
         *       "variantId": "var_9Kl3MnB6vCx1ZaQw",
         *       "externalReference": "SKU-CAM-M",
         *       "updatedAt": "2026-03-14T12:30:00.000Z",
         *       "createdAt": "2026-03-14T12:30:00.000Z"
         *     }
         */
        TransactionItem: {
            /** @example item_4Rt7Yu1Io3Pa5Sd8 */
            id: string;
            /** @example Camiseta Acme */
            name: string;
            /**
             * Format: int64
             * @description Price of one unit, in cents.
             * @example 7500
             */
            unitPrice: number;
            /**
             * Format: int64
             * @example 2
             */
            quantity: number;
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            /** @example Camiseta de algodão, tamanho M */
            description: string | null;
            /**
             * @description Image URLs of the item (empty when none).
             * @example [
             *       "https://cdn.acme.com.br/img/camiseta-m.jpg"
             *     ]
             */
            images: string[];
            /**
             * @description True when the item was added by an upsell offer of the hosted checkout; false for API-created items unless sent.
             * @example false
             */
            isUpsell: boolean;
            /**
             * @description True when the item was added as an order bump of the hosted checkout; false for API-created items unless sent.
             * @example false
             */
            isOrderbump: boolean;
            /**
             * @description The merchant's own key-value pairs (empty when none).
             * @example {}
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * @description The product variant sold, when the item names one.
             * @example var_9Kl3MnB6vCx1ZaQw
             */
            variantId: string | null;
            /**
             * @description The merchant's own reference of the item (a SKU or order line id).
             * @example SKU-CAM-M
             */
            externalReference: string | null;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
        };
        /**
         * @description Money a recipient (the merchant, or a split's recipient) will receive from an approved transaction, one
         *     receivable per installment and recipient. Receivables are created when the transaction becomes `approved`
         *     (from the captured amount) and settle on this schedule: PIX on the paid day (D+0), billet the next day (D+1),
         *     card installment *n* on the paid day + 30·*n* days. An amount that does not divide evenly between installments
         *     leaves its remainder on installment 1.
         *
         *     `amount` is what settles: `grossAmount` minus the processing fee of the fee plan (rounded half up to the cent,
         *     borne by the receivable when `chargeProcessingFee` is true) minus `anticipationFee`.
         *
         *     | status | meaning |
         *     |---|---|
         *     | `pending` | waiting for its settlement date `expectedOn` |
         *     | `paid` | settled into the recipient's balance at `paidAt` |
         *     | `canceled` | withdrawn before settlement and replaced: a partial refund cancels the pending receivables it touches (last installment first) and issues new ones for what remains (`canceledAt`) |
         *     | `refunded` | given back to the payer by a refund (`refundedAt`); a receivable already `paid` is debited from the balance |
         *     | `chargeback` | debited because the transaction's dispute was lost |
         */
        Receivable: {
            /** @example rec_2Wx5Ec8Rv1Tb4Yn7 */
            id: string;
            /**
             * @description Merchant account that receives the money.
             * @example bus_4Xk9Lm2Qp7Rt5Vw8
             */
            recipient: string;
            /**
             * @description The split this receivable pays (see the transaction's `splits`); `null` for the merchant's own share.
             * @example null
             */
            split: string | null;
            /**
             * @example paid
             * @enum {string}
             */
            status: "pending" | "paid" | "canceled" | "refunded" | "chargeback";
            /**
             * Format: int64
             * @description Net amount that settles, in cents.
             * @example 19802
             */
            amount: number;
            /**
             * Format: int64
             * @description This recipient's share of this installment before fees, in cents.
             * @example 20000
             */
            grossAmount: number;
            /**
             * Format: int64
             * @description Fee for receiving before `expectedOn`, in cents; 0 unless the recipient anticipated the receivable.
             * @example 0
             */
            anticipationFee: number;
            /**
             * Format: int32
             * @description Installment this receivable pays (1 for PIX, billet and single-installment cards).
             * @example 1
             */
            installmentNumber: number;
            /** @example PIX payment */
            description: string;
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            /**
             * @description The acquirer's authorization code for cards; the PIX end-to-end id (`E…`, 32 characters) for PIX; `null` for
             *     billets.
             * @example E1234567820260314123105AbCdEfGhI
             */
            authorizationCode: string | null;
            /**
             * Format: date-time
             * @example 2026-03-14T12:31:05.000Z
             */
            paidAt: string | null;
            /**
             * Format: date-time
             * @example null
             */
            refundedAt: string | null;
            /**
             * Format: date-time
             * @example null
             */
            canceledAt: string | null;
            /**
             * Format: date
             * @description Settlement date (`YYYY-MM-DD`, São Paulo calendar).
             * @example 2026-03-14
             */
            expectedOn: string;
            /**
             * @description True when the recipient answers for refunds and chargebacks of this receivable.
             * @example true
             */
            liable: boolean;
            /**
             * @description True when the processing fee is deducted from this receivable.
             * @example true
             */
            chargeProcessingFee: boolean;
            /**
             * Format: date-time
             * @example 2026-03-14T12:31:05.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:31:05.000Z
             */
            createdAt: string;
        };
        /**
         * @description A share of the transaction that goes to another merchant account, copied from the subscription's splits when a
         *     subscription cycle is charged (transactions created with `POST /v1/transactions` have no splits in `v1`).
         *     `amount` is the share in cents computed from the captured amount (the amount while nothing is captured): each
         *     installment is divided on its own, `value` percent of it for `percentage` (rounded down to the cent; the
         *     remainder stays with the merchant) and `value` cents spread over the installments for `fixed`. Each split gets its
         *     own receivables (their `split` names it), settled into the recipient's ledger; see "Splits" in the Subscriptions
         *     chapter.
         */
        TransactionSplit: {
            /**
             * @description The subscription split this share was copied from.
             * @example ssp_1Az9Sx8Dc7Fv6Gb5
             */
            id: string;
            /**
             * @description Merchant account that receives the share.
             * @example bus_8Nm3Bv5Cx7Zl1Kj9
             */
            recipient: string;
            /**
             * @example percentage
             * @enum {string}
             */
            type: "percentage" | "fixed";
            /**
             * @description A percentage (0 < value ≤ 100) for `percentage`, an amount in cents for `fixed`.
             * @example 30
             */
            value: number;
            /**
             * Format: int64
             * @description The share, in cents.
             * @example 1500
             */
            amount: number;
            /**
             * @description True when the recipient bears the processing fee in proportion to its share.
             * @example false
             */
            chargeProcessingFee: boolean;
            /**
             * @description True when the recipient answers, in proportion to its share, for refunds and chargebacks.
             * @example true
             */
            liable: boolean;
        };
        /**
         * @description Money given back to the payer from an `approved` transaction, all of what was captured or part of it. A card
         *     refund goes back to the card, a PIX refund is a PIX devolution to the paying account, and a billet refund is sent
         *     by PIX to the payer's CPF/CNPJ key (a billet has no account to return to).
         *
         *     | status | meaning |
         *     |---|---|
         *     | `pending` | the provider accepted the refund and has not confirmed it yet |
         *     | `succeeded` | the money was returned (`refundedAt`) |
         *     | `failed` | the provider could not return it (`failureReason`); the amount may be refunded again |
         *
         *     The amount of a `pending` or `succeeded` refund is no longer refundable. The transaction lists its refunds in
         *     `refunds` (newest first) and its `refundedAmount` adds up the `succeeded` ones; when they reach the captured
         *     amount the transaction becomes `refunded` (`transaction.refunded`), while a partial refund keeps it `approved`
         *     (`transaction.partially-refunded`). The answer to `POST /v1/transactions/{transactionId}/refunds` carries
         *     `merchant` and `_links`; a refund inside a transaction does not.
         */
        Refund: {
            /** @example rfd_9Pl2Ok4Ij6Uh8Yg1 */
            id: string;
            /** @example tra_4Nb7Vc1Xz3Lk5Jh8 */
            transactionId: string;
            /**
             * Format: int64
             * @description Amount returned to the payer, in cents.
             * @example 10000
             */
            amount: number;
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            /**
             * @description Where the refund stands. Its amount is reserved from the transaction when it is asked for, and the refund
             *     ends once, with the provider's answer; `succeeded` and `failed` never change again.
             *
             *     | from | to | when | webhook |
             *     |---|---|---|---|
             *     | (none) | `pending` | `POST /v1/transactions/{id}/refunds`: the amount is reserved and sent to the provider | none |
             *     | `pending` | `succeeded` | the provider returned the money, at once or when asked later | `transaction.partially-refunded` or `transaction.refunded` (none while the transaction is in dispute: the dispute decides its status) |
             *     | `pending` | `failed` | the provider could not return it; the amount can be refunded again | none |
             *
             *     A provider that could not take the refund at all (`503 providerUnavailable`) keeps no refund: nothing was
             *     reserved, and the request can be retried.
             * @example succeeded
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /**
             * @description Why the merchant refunded, as sent; `null` when not given.
             * @example requested_by_customer
             * @enum {string|null}
             */
            reason: "requested_by_customer" | "duplicate" | "fraudulent" | "other" | null;
            /**
             * @description Why the provider could not return the money; `null` unless `failed`.
             * @example null
             */
            failureReason: string | null;
            /**
             * @description The merchant's own key-value pairs (empty when none).
             * @example {
             *       "ticket": "SAC-4821"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description When the money was returned; `null` unless `succeeded`.
             * @example 2026-03-16T10:00:01.000Z
             */
            refundedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-03-16T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-03-16T10:00:01.000Z
             */
            updatedAt: string;
            merchant?: components["schemas"]["Merchant"];
            _links?: components["schemas"]["Links"];
        };
        /**
         * @description A payer's contestation of an `approved` transaction with the card issuer or the PIX institution (a chargeback
         *     request). Opening one moves the transaction to `dispute` (`transaction.dispute`) and holds its pending
         *     receivables; the merchant answers with evidence in the administrative panel before `evidenceDueBy` (there is no
         *     evidence operation in `v1`). A dispute `won` returns the transaction to `approved`; a dispute `lost` makes it
         *     `chargeback` (`transaction.chargeback`) and debits `amount` from the liable receivables.
         */
        Dispute: {
            /** @example dsp_3Mn6Bv9Cx2Za5Sd7 */
            id: string;
            /**
             * @example open
             * @enum {string}
             */
            status: "open" | "won" | "lost";
            /**
             * @description The reason the payer gave to the issuer.
             * @example product-not-received
             * @enum {string}
             */
            reason: "fraudulent" | "unrecognized" | "duplicate" | "product-not-received" | "product-unacceptable" | "credit-not-processed" | "general";
            /**
             * Format: int64
             * @description Disputed amount in cents (the captured amount minus what was already refunded).
             * @example 30000
             */
            amount: number;
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            /**
             * Format: date-time
             * @description Last moment to submit evidence; `null` once the dispute is closed.
             * @example 2026-03-31T23:59:59.000Z
             */
            evidenceDueBy: string | null;
            /**
             * Format: date-time
             * @description When the dispute was won or lost; `null` while `open`.
             * @example null
             */
            closedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-03-20T15:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-03-20T15:00:00.000Z
             */
            updatedAt: string;
        };
        /**
         * @description One event in the history of a transaction; the `timeline` lists them newest first. `message` is a text for
         *     people that may change; program on `type` and `details`, whose keys depend on the type:
         *
         *     | type | recorded when | `details` |
         *     |---|---|---|
         *     | `status` | the status changes | `{from, to}` (`from` is `null` on the creation entry) |
         *     | `route` | the charge is sent to a route, or a route fails and the next one is tried | `{provider, attempt, outcome}`, `outcome` one of `sent`, `unavailable`, `declined`, `authorized` |
         *     | `capture` | a pre-authorized amount is captured, or a capture is declined | `{amount, releasedAmount}`, or `{amount, declined: true}` |
         *     | `refund` | a refund is created, succeeds or fails | `{refundId, amount, status}` |
         *     | `dispute` | a dispute is opened, won or lost | `{disputeId, amount, status}` |
         *     | `note` | something worth knowing happened that changes nothing (a QR code or billet issued, a cancel reason; a split charge captured for less than its split rule needs) | `null` or `{reason}`; `{reason: split-shortfall, short}` with `short` the cents the split shares and the merchant's fee wanted beyond the captured amount (capped, not charged) |
         */
        TimelineEntry: {
            /** @example tml_6Yh3Nj8Mk1Lo5Pq2 */
            id: string;
            /** @example Transaction approved */
            message: string;
            /**
             * @description Facts of the entry, by `type` (see the table above); `null` when there are none.
             * @example {
             *       "from": "pending",
             *       "to": "approved"
             *     }
             */
            details: {
                [key: string]: unknown;
            } | null;
            /**
             * @example status
             * @enum {string}
             */
            type: "status" | "route" | "refund" | "dispute" | "capture" | "note";
            /**
             * Format: date-time
             * @example 2026-03-14T12:31:05.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:31:05.000Z
             */
            createdAt: string;
        };
        /**
         * @description Where a hosted page sends the payer's browser after paying (`successUrl`) or giving up (`cancelUrl`). Reserved:
         *     `v1` answers `callback: null` on every transaction. A payment link keeps these addresses on the link itself
         *     (`PaymentLink.successUrl` / `cancelUrl`), and a transaction made on it names the link (`paymentLinkId`). Nothing
         *     is ever POSTed to these addresses: status changes are announced by webhooks only.
         */
        TransactionCallback: {
            /**
             * Format: uri
             * @example https://loja.acme.com.br/pedido/obrigado
             */
            successUrl: string;
            /**
             * Format: uri
             * @example https://loja.acme.com.br/carrinho
             */
            cancelUrl: string | null;
        };
        /**
         * @description A charge of a customer by PIX, card or billet. It is created `pending` and processed in the background; its
         *     status then follows the table in `TransactionStatus`, and every change is announced by a `transaction.*` webhook
         *     whose `payload.object` is this object. Reading a transaction over and over to learn its outcome is rate limited:
         *     use webhooks. A transaction of another merchant or mode is `404 transactionNotFound`.
         *
         *     Amounts are in cents: `originalAmount` (before any discount) − `discount.amount` = `amount`, the amount charged
         *     or authorized; `capturedAmount` is what was actually taken (less than `amount` after a partial capture) and
         *     `refundedAmount` what was given back. `customer` and `billing.address` are copies taken at creation.
         *     `splits`, `refunds` and `disputes` are `null` while there are none, never empty arrays.
         */
        Transaction: {
            /** @example tra_8Hq2LmZx4RtY7vKc */
            id: string;
            /**
             * @description Order code given by the hosted checkout to transactions created by a payment link; `null` for those created through this API (use `externalReference`).
             * @example null
             */
            customId: string | null;
            /**
             * Format: int64
             * @description Amount charged (or authorized, for a card pre-authorization), in cents.
             * @example 20000
             */
            amount: number;
            /**
             * Format: int64
             * @description Amount before `discount`, in cents; equal to `amount` when there is no discount.
             * @example 20000
             */
            originalAmount: number;
            /**
             * Format: int64
             * @description Amount actually taken from the payer, in cents; 0 until the transaction is first `approved`.
             * @example 20000
             */
            capturedAmount: number;
            /**
             * Format: int64
             * @description Sum of the `succeeded` refunds, in cents.
             * @example 0
             */
            refundedAmount: number;
            status: components["schemas"]["TransactionStatus"];
            method: components["schemas"]["PaymentMethod"];
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            payment: components["schemas"]["TransactionPayment"];
            /** @description The discount applied by the hosted checkout; `null` when none. */
            discount: components["schemas"]["TransactionDiscount"] | null;
            customer: components["schemas"]["TransactionCustomer"];
            /** @description Billing data of the charge. */
            billing: {
                /** @description The customer's primary address when the transaction was created; `null` when the customer had none. */
                address: components["schemas"]["TransactionAddress"] | null;
            };
            /** @description Delivery of the items; `null` unless `shippable`. */
            shipping: components["schemas"]["TransactionShipping"] | null;
            /**
             * @description The merchant's own reference (an order number), as sent at creation; not required to be unique.
             * @example PED-10045
             */
            externalReference: string | null;
            /**
             * @description The subscription whose billing cycle this transaction charges; `null` (or absent in older examples) for a one-off charge.
             * @example null
             */
            subscriptionId?: string | null;
            /**
             * @description The billing cycle this transaction charges (see `subscriptionId`); a cycle retried has one transaction per attempt.
             * @example null
             */
            billingCycleId?: string | null;
            /**
             * @description The payment link whose checkout page made this transaction; `null` (or absent in older examples) otherwise.
             * @example null
             */
            paymentLinkId?: string | null;
            /**
             * @description The checkout session (one payer's visit of the link's page) this transaction was made in; see `paymentLinkId`.
             * @example null
             */
            checkoutSessionId?: string | null;
            /**
             * @description True when the items are to be delivered (see `shipping`); always false for transactions created through this API in `v1`.
             * @example false
             */
            shippable: boolean;
            /**
             * @description True when the transaction has `splits` (the name is spelled so, for compatibility).
             * @example false
             */
            spplited: boolean;
            /** @description What the transaction charges for, as sent (empty when no items were sent). */
            items: components["schemas"]["TransactionItem"][];
            /** @description Money to settle to the merchant and split recipients; empty until the transaction is first `approved`. */
            receivables: components["schemas"]["Receivable"][];
            /** @description Shares of other merchant accounts; `null` when there are none. */
            splits: components["schemas"]["TransactionSplit"][] | null;
            /** @description Refunds, newest first; `null` when there are none. */
            refunds: components["schemas"]["Refund"][] | null;
            /** @description Disputes, newest first; `null` when there are none. */
            disputes: components["schemas"]["Dispute"][] | null;
            /** @description History of the transaction, newest first. */
            timeline: components["schemas"]["TimelineEntry"][];
            /** @description Reserved; always `null` in `v1` (a payment link's return addresses are on the link, see `paymentLinkId`). */
            callback: components["schemas"]["TransactionCallback"] | null;
            /**
             * @description The merchant's own key-value pairs, as sent (empty when none).
             * @example {
             *       "orderId": "10045"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:31:05.000Z
             */
            updatedAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description What to capture of a `pre-authorized` card transaction. Without `amount` the whole authorized amount is
         *     captured; with it, from 1 to the authorized amount (`422 captureAmountInvalid` otherwise), and the rest of the
         *     authorization is released to the payer's card. A transaction is captured once: there are no further captures of
         *     the released rest.
         */
        CaptureTransactionRequest: {
            /**
             * Format: int64
             * @description Amount to capture, in cents; the whole authorized amount when omitted.
             * @example 20000
             */
            amount?: number;
        };
        /**
         * @description A refund of an `approved` transaction. Without `amount` everything still refundable is refunded (the captured
         *     amount minus the refunds `pending` or `succeeded`); with it, from 1 to that remainder (`422 refundAmountInvalid`
         *     otherwise). Several partial refunds may follow one another.
         */
        CreateRefundRequest: {
            /**
             * Format: int64
             * @description Amount to give back, in cents; everything still refundable when omitted.
             * @example 10000
             */
            amount?: number;
            /**
             * @description Why you refund; kept on the refund for your records.
             * @example requested_by_customer
             * @enum {string}
             */
            reason?: "requested_by_customer" | "duplicate" | "fraudulent" | "other";
            /**
             * @description Up to 50 key-value pairs of your own (keys up to 40 characters, values up to 500).
             * @example {
             *       "ticket": "SAC-4821"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        /** @description Why the transaction is canceled; the body may be omitted or empty. */
        CancelTransactionRequest: {
            /**
             * @description Free text, recorded in the `timeline` (a `note` entry with `details.reason`).
             * @example Pedido cancelado pelo cliente antes do pagamento
             */
            reason?: string;
        };
        /** @description A new sandbox clock. Every field is optional; `{}` makes a clock standing at the current time. */
        CreateSandboxClockRequest: {
            /**
             * @description A label of the merchant's own.
             * @example Plano mensal, cartão recusado
             */
            name?: string;
            /**
             * Format: date-time
             * @description The time the clock starts at; the current time when omitted. Any instant from `2000-01-01T00:00:00Z` up to
             *     (excluding) `2100-01-01T00:00:00Z`, in the past or in the future: a clock may replay a past month or
             *     rehearse next year. Milliseconds are kept; outside that range it is `422 sandboxClockTimeInvalid`.
             * @example 2027-01-01T03:00:00.000Z
             */
            now?: string;
        };
        /**
         * @description `ready`: the clock stands at `now` and may be advanced. `advancing`: an advance is running its jobs; another
         *     advance of the same clock is refused with `409 sandboxClockBusy` until it ends. An advance is synchronous, so a
         *     caller only sees `advancing` from a second request made while its own runs.
         * @example ready
         * @enum {string}
         */
        SandboxClockStatus: "ready" | "advancing";
        /**
         * @description A sandbox test clock: a time of its own that subscriptions attached to it bill on. Its `now` only moves when it
         *     is advanced (`POST /v1/sandbox/clocks/{clockId}/advance`), and advancing it runs, in order, every background job
         *     that falls due on it before the new time.
         */
        SandboxClock: {
            /** @example clk_8Hs3Kd9Lq2Wm5Xn7 */
            id: string;
            /**
             * @description The merchant's label for the clock, as sent (empty when none).
             * @example Plano mensal, cartão recusado
             */
            name: string;
            /**
             * Format: date-time
             * @description The clock's current time. Subscriptions attached to the clock read "now" here.
             * @example 2027-01-01T03:00:00.000Z
             */
            now: string;
            status: components["schemas"]["SandboxClockStatus"];
            /**
             * Format: date-time
             * @description When the next background job on this clock falls due (clock time); `null` when none is waiting.
             * @example 2027-02-01T03:00:00.000Z
             */
            nextJobAt: string | null;
            /**
             * Format: int64
             * @description How many subscriptions are attached to the clock.
             * @example 1
             */
            subscriptionCount: number;
            /**
             * Format: date-time
             * @description When the clock was created (wall-clock time, not the clock's).
             * @example 2026-11-24T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the clock last changed (wall-clock time).
             * @example 2026-11-24T10:00:05.000Z
             */
            updatedAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /** @description A sandbox clock as lists show it (without `merchant` and `_links`, which the envelope carries once). */
        SandboxClockListItem: {
            /** @example clk_8Hs3Kd9Lq2Wm5Xn7 */
            id: string;
            /** @example Plano mensal, cartão recusado */
            name: string;
            /**
             * Format: date-time
             * @description The clock's current time.
             * @example 2027-01-01T03:00:00.000Z
             */
            now: string;
            status: components["schemas"]["SandboxClockStatus"];
            /**
             * Format: date-time
             * @example 2026-11-24T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-24T10:00:05.000Z
             */
            updatedAt: string;
        };
        /** @description A page of the merchant's sandbox clocks, newest first. */
        SandboxClockList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 1
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["SandboxClockListItem"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /** @description Where to move the clock to. */
        AdvanceSandboxClockRequest: {
            /**
             * Format: date-time
             * @description The clock's new time: not earlier than its `now` (clocks only go forward; the same time runs the jobs due at
             *     `now` and is otherwise a no-op), and at most five calendar years after it (UTC). Anything else is
             *     `422 sandboxClockTimeInvalid`.
             * @example 2028-01-01T03:00:00.000Z
             */
            to: string;
        };
        /** @description The subscription to put on the clock. */
        AttachSandboxClockSubscriptionRequest: {
            /**
             * @description A sandbox subscription of the merchant with no billing cycle yet, on no clock (or on this one).
             * @example subs_3Kf8Lp2Qr7Ts9Vw4
             */
            subscriptionId: string;
        };
        /**
         * @description What to make happen to a sandbox transaction, as the payer, the bank or the card network would:
         *
         *     | action | from | to | webhook |
         *     |---|---|---|---|
         *     | `pay` | `pending` PIX or billet | `approved` | `transaction.approved` |
         *     | `expire` | `pending` PIX or billet | `canceled` | `transaction.canceled` |
         *     | `expire` | `pre-authorized` card | `canceled` (the authorization lapses) | `transaction.canceled` |
         *     | `dispute` | `approved` | `dispute` (a dispute `open` for the captured amount minus refunds) | `transaction.dispute` |
         *     | `win-dispute` | `dispute` | `approved` (the dispute `won`) | `transaction.approved` |
         *     | `lose-dispute` | `dispute` | `chargeback` (the dispute `lost`) | `transaction.chargeback` |
         *
         *     Any other combination of action and status (or method) is `422 invalidTransition`.
         */
        SimulateTransactionRequest: {
            /**
             * @example pay
             * @enum {string}
             */
            action: "pay" | "expire" | "dispute" | "win-dispute" | "lose-dispute";
        };
        /**
         * @description Type of a webhook event. The catalogue is closed within `v1` except that new types may be added (clients must
         *     ignore types they do not know). A `transaction.*` event is emitted when the transaction enters the state the type
         *     names; its `payload.object` is the transaction as `GET /v1/transactions/{transactionId}` returns it right after the
         *     change. A `customer.*` event carries the customer as `GET /v1/customers/{customerId}` returns it, a `withdrawal.*`
         *     event the withdrawal as `GET /v1/withdrawals/{withdrawalId}` returns it, a `subscription.*` event the subscription as
         *     `GET /v1/subscriptions/{subscriptionId}` returns it, a `cycle.*` event the billing cycle as the subscription's cycles
         *     list shows it, and a `checkout.*` event the checkout session (`CheckoutSession`).
         *
         *     | type | emitted when |
         *     |---|---|
         *     | `transaction.created` | a transaction is created (status `pending`) |
         *     | `transaction.pre-authorized` | a card amount is authorized but not captured (`capture: false`) |
         *     | `transaction.approved` | the transaction becomes `approved`: PIX or billet paid, card approved with capture, a pre-authorization captured, or a dispute won |
         *     | `transaction.failed` | the issuer or acquirer refuses the charge (insufficient funds included), or the retries of an `awaiting` charge run out |
         *     | `transaction.refused` | the anti-fraud analysis refuses the charge |
         *     | `transaction.canceled` | the merchant cancels, a PIX or billet expires, or a pre-authorization is not captured within 7 days |
         *     | `transaction.partially-refunded` | a refund is made that leaves part of the captured amount unrefunded (status stays `approved`) |
         *     | `transaction.refunded` | refunds reach the captured amount (status `refunded`) |
         *     | `transaction.dispute` | the payer opens a dispute |
         *     | `transaction.chargeback` | a dispute is lost |
         *     | `transaction.analyzing` | a card charge is sent to the anti-fraud analysis |
         *     | `transaction.fraud-review` | the anti-fraud analysis asks for a manual review |
         *     | `transaction.awaiting` | every route is temporarily unavailable; the charge is retried in the background |
         *     | `customer.created` | a customer is created |
         *     | `customer.updated` | a customer's fields change (an update that changes nothing emits nothing) |
         *     | `withdrawal.created` | a withdrawal is created (status `pending`; its amount left the available balance) |
         *     | `withdrawal.paid` | the bank confirmed the transfer of a withdrawal (status `paid`) |
         *     | `withdrawal.failed` | the bank refused or returned the transfer (status `failed`; the amount is back in the balance) |
         *     | `subscription.created` | a subscription is created (status `pending`) |
         *     | `subscription.activated` | a subscription becomes `active`: its first billed cycle is paid, or a retry pays an overdue cycle |
         *     | `subscription.past-due` | a cycle's charge fails on a subscription that was `active` or `trialing`; the cycle is retried on the dunning schedule |
         *     | `subscription.paused` | the merchant pauses a subscription |
         *     | `subscription.resumed` | the merchant resumes a paused subscription (status `active`) |
         *     | `subscription.unpaid` | the retries of an overdue cycle run out and `dunning.endAs` is `unpaid` |
         *     | `subscription.canceled` | the merchant cancels (now or at period end), the first charge fails, or the retries run out with `dunning.endAs: canceled` |
         *     | `subscription.expired` | the last period of a fixed-term plan ends |
         *     | `cycle.billed` | a billing cycle's charge is created (at its due date, or a retry) |
         *     | `cycle.paid` | a billing cycle's charge is approved |
         *     | `cycle.failed` | a billing cycle's charge fails, is refused or expires unpaid (`nextRetryAt`: the next retry, if any) |
         *     | `checkout.completed` | a payment made on a payment link's checkout page is approved, or its subscription starts with a trial (its session becomes `completed`) |
         *     | `checkout.abandoned` | a checkout session reaches its `expiresAt` (24 hours) without an approved payment, or later when its PIX or billet could still be paid then and lapsed unpaid |
         * @example transaction.approved
         * @enum {string}
         */
        WebhookEventType: "transaction.created" | "transaction.pre-authorized" | "transaction.approved" | "transaction.failed" | "transaction.refused" | "transaction.canceled" | "transaction.partially-refunded" | "transaction.refunded" | "transaction.dispute" | "transaction.chargeback" | "transaction.analyzing" | "transaction.fraud-review" | "transaction.awaiting" | "customer.created" | "customer.updated" | "withdrawal.created" | "withdrawal.paid" | "withdrawal.failed" | "subscription.created" | "subscription.activated" | "subscription.past-due" | "subscription.paused" | "subscription.resumed" | "subscription.unpaid" | "subscription.canceled" | "subscription.expired" | "cycle.billed" | "cycle.paid" | "cycle.failed" | "checkout.completed" | "checkout.abandoned";
        /**
         * @description Light projection of a customer in lists: identity, contact and status. `birthdate`, `gender`,
         *     `additionalEmails`, `metadata`, `merchant` and `_links` are read with `GET /v1/customers/{customerId}`.
         * @example {
         *       "id": "cus_3Jd9QwE5rTy2UiOp",
         *       "firstName": "Maria",
         *       "lastName": "Silva",
         *       "email": "maria.silva@example.com",
         *       "document": {
         *         "type": "cpf",
         *         "number": "52998224725"
         *       },
         *       "telephone": {
         *         "countryCode": "55",
         *         "areaCode": "11",
         *         "number": "987654321",
         *         "line": "+5511987654321"
         *       },
         *       "externalReference": "CLI-000123",
         *       "available": true,
         *       "delinquent": false,
         *       "createdAt": "2026-03-14T12:30:00.000Z",
         *       "updatedAt": "2026-03-14T12:30:00.000Z"
         *     }
         */
        CustomerListItem: {
            /** @example cus_3Jd9QwE5rTy2UiOp */
            id: string;
            /** @example Maria */
            firstName: string;
            /** @example Silva */
            lastName: string;
            /**
             * Format: email
             * @example maria.silva@example.com
             */
            email: string;
            /** @description CPF or CNPJ, digits only; `null` when none was given. */
            document: components["schemas"]["Document"] | null;
            /** @description Telephone with its combined `line`; `null` when none was given. */
            telephone: components["schemas"]["Telephone"] | null;
            /** @example CLI-000123 */
            externalReference: string | null;
            /** @example true */
            available: boolean;
            /** @example false */
            delinquent: boolean;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
        };
        /** @description A page of the merchant's customers in the key's mode, as light projections, newest first by default. */
        CustomerList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 1
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["CustomerListItem"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description A new customer (`POST /v1/customers`). `firstName`, `lastName` and `email` are required; every other field may
         *     be omitted or sent as `null`. A `document` already used by another customer of the merchant in this mode is
         *     `409 customerAlreadyExists`; a CPF or CNPJ whose check digits are wrong is `422 invalidDocument`; a `birthdate`
         *     in the future is `422 unprocessableEntity`.
         */
        CreateCustomerRequest: {
            /** @example Maria */
            firstName: string;
            /** @example Silva */
            lastName: string;
            /**
             * Format: email
             * @description Main e-mail address; stored in lower case.
             * @example maria.silva@example.com
             */
            email: string;
            /** @description CPF or CNPJ; punctuation is accepted and removed. */
            document?: components["schemas"]["Document"] | null;
            /** @description The service composes `line` (E.164); do not send it. */
            telephone?: components["schemas"]["Telephone"] | null;
            /**
             * Format: date
             * @example 1990-05-17
             */
            birthdate?: string | null;
            /**
             * @example female
             * @enum {string|null}
             */
            gender?: "female" | "male" | "other" | "undisclosed" | null;
            /**
             * @description The merchant's own identifier of the customer; not checked for uniqueness.
             * @example CLI-000123
             */
            externalReference?: string | null;
            /**
             * @description Up to 5 other addresses that receive copies of charge e-mails.
             * @example [
             *       "financeiro@example.com"
             *     ]
             */
            additionalEmails?: string[] | null;
            /**
             * @description Up to 50 key-value pairs of the merchant's own (keys up to 40 characters, values up to 500).
             * @example {
             *       "segment": "varejo"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @description A person or company who pays the merchant, in the mode (sandbox or production) of the key that created it.
         *
         *     `document` is unique among the customers of a merchant in one mode: creating or updating a customer with a
         *     document another customer already has is `409 customerAlreadyExists` (the error's `details` names that customer).
         *     `email` is not unique. Customers are never deleted, because transactions and subscriptions refer to them; a
         *     merchant retires one with `available: false` (see `UpdateCustomerRequest`).
         *
         *     `available` is true while the customer may be charged: with `false`, new transactions and subscriptions naming
         *     it are `422 unprocessableEntity`, while what already exists (transactions, running subscriptions) is untouched.
         *     `delinquent` is set by the service: true while at least one subscription of the customer is `past-due`.
         *
         *     Creating a customer emits `customer.created`; an update that changes at least one field emits
         *     `customer.updated`. Each event carries this object as `GET /v1/customers/{customerId}` returns it.
         */
        Customer: {
            /** @example cus_3Jd9QwE5rTy2UiOp */
            id: string;
            /** @example Maria */
            firstName: string;
            /** @example Silva */
            lastName: string;
            /**
             * Format: email
             * @description Main e-mail address, stored in lower case.
             * @example maria.silva@example.com
             */
            email: string;
            /** @description CPF or CNPJ, digits only; `null` when none was given. */
            document: components["schemas"]["Document"] | null;
            /** @description Telephone with its combined `line`; `null` when none was given. */
            telephone: components["schemas"]["Telephone"] | null;
            /**
             * Format: date
             * @example 1990-05-17
             */
            birthdate: string | null;
            /**
             * @description As the customer declared it; `null` when not given.
             * @example female
             * @enum {string|null}
             */
            gender: "female" | "male" | "other" | "undisclosed" | null;
            /**
             * @description False once the merchant retired the customer; new charges for it are refused.
             * @example true
             */
            available: boolean;
            /**
             * @description True while a subscription of the customer is `past-due`.
             * @example false
             */
            delinquent: boolean;
            /**
             * @description The merchant's own identifier of the customer (not unique); `null` when none was given.
             * @example CLI-000123
             */
            externalReference: string | null;
            /**
             * @description Other addresses that receive copies of charge e-mails; `null` when there are none (an empty list is stored as `null`).
             * @example [
             *       "financeiro@example.com"
             *     ]
             */
            additionalEmails: string[] | null;
            /**
             * @description The merchant's own key-value pairs; `{}` when none.
             * @example {
             *       "segment": "varejo"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Time of the latest change; an update that changes nothing leaves it as it was.
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Full replacement of the writable fields of a customer (`PUT /v1/customers/{customerId}`). `firstName`,
         *     `lastName` and `email` are required; an omitted optional field is reset (`document`, `telephone`, `birthdate`,
         *     `gender`, `externalReference` and `additionalEmails` to `null`, `metadata` to `{}`, `available` to `true`), so
         *     send back every value to keep. The rules of `CreateCustomerRequest` apply (`409 customerAlreadyExists`,
         *     `422 invalidDocument`).
         *
         *     `available: false` retires the customer: it stays readable and listed, but new transactions and subscriptions
         *     naming it are `422 unprocessableEntity`; `true` makes it chargeable again.
         */
        UpdateCustomerRequest: {
            /** @example Maria */
            firstName: string;
            /** @example Silva Santos */
            lastName: string;
            /**
             * Format: email
             * @example maria.silva@example.com
             */
            email: string;
            /** @description CPF or CNPJ; punctuation is accepted and removed. */
            document?: components["schemas"]["Document"] | null;
            /** @description The service composes `line` (E.164); do not send it. */
            telephone?: components["schemas"]["Telephone"] | null;
            /**
             * Format: date
             * @example 1990-05-17
             */
            birthdate?: string | null;
            /**
             * @example female
             * @enum {string|null}
             */
            gender?: "female" | "male" | "other" | "undisclosed" | null;
            /** @example CLI-000123 */
            externalReference?: string | null;
            /**
             * @example [
             *       "financeiro@example.com"
             *     ]
             */
            additionalEmails?: string[] | null;
            /**
             * @description Up to 50 key-value pairs of the merchant's own (keys up to 40 characters, values up to 500).
             * @example {
             *       "segment": "varejo"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            /**
             * @description False retires the customer (new charges for it are refused); true or omitted keeps it chargeable.
             * @default true
             * @example true
             */
            available?: boolean;
        };
        /**
         * @description A new address of a customer (`POST /v1/addresses`). `ownerType` must be `customer` and `ownerId` a customer of
         *     the merchant in this mode (otherwise `404 customerNotFound`). `country` defaults to `BR`; for `BR` the postcode
         *     must be a CEP, 8 digits with or without the hyphen (`01310200` or `01310-200`; anything else is `400
         *     invalidParameters`), and `state` must be one of the 27 UFs (`422 unprocessableEntity` otherwise).
         *     `latitude` and `longitude` go together. `primary: true` makes this the customer's primary address, taking the
         *     mark from the previous one.
         */
        CreateAddressRequest: {
            /**
             * @example customer
             * @enum {string}
             */
            ownerType: "customer";
            /** @example cus_3Jd9QwE5rTy2UiOp */
            ownerId: string;
            /** @example Av. Paulista */
            street: string;
            /**
             * @description Street number as written (`1578`, `S/N`).
             * @example 1578
             */
            number: string;
            /**
             * @description Apartment, suite or block; may be empty.
             * @default
             * @example Conjunto 42
             */
            complement?: string;
            /** @example Bela Vista */
            district: string;
            /** @example São Paulo */
            city: string;
            /**
             * @description Two-letter state code (the UF for Brazil); stored in upper case.
             * @example SP
             */
            state: string;
            /**
             * @description ISO 3166-1 alpha-2 country code; stored in upper case.
             * @default BR
             * @example BR
             */
            country?: string;
            /**
             * @description For `BR` a CEP, 8 digits with or without the hyphen (`01310200`, `01310-200`; another shape is `400 invalidParameters`); returned as `01310-200`.
             * @example 01310200
             */
            postcode: string;
            /** @example -23.561414 */
            latitude?: number | null;
            /** @example -46.655881 */
            longitude?: number | null;
            /**
             * @default false
             * @example true
             */
            primary?: boolean;
            /**
             * @description Up to 50 key-value pairs of the merchant's own (keys up to 40 characters, values up to 500).
             * @example {
             *       "deliveryHours": "9h-18h"
             *     }
             */
            metadata?: {
                [key: string]: string;
            } | null;
        };
        /**
         * @description A postal address owned by a customer (`ownerType: customer`, `ownerId`). The owner never changes.
         *
         *     The postcode is returned normalised: a Brazilian CEP always as `NNNNN-NNN` (`01310200` and `01310-200` are both
         *     accepted on input), other countries' postcodes trimmed and in upper case. `state` is returned in upper case.
         *
         *     The display lines are composed by the service from the fields:
         *     `line1` is `street, number`, followed by ` - complement` when there is a complement;
         *     `line2` is the `district`;
         *     `line3` is `city - state, postcode`, followed by `, country` when the country is not `BR`;
         *     `line` is `line1, line2, line3` on one line.
         *
         *     A customer has at most one `primary` address: marking an address primary takes the mark from the customer's
         *     previous primary address. Deleting the primary address leaves the customer without one (no other address is
         *     promoted). Transactions keep their own copy of the billing address, so changing or deleting an address never
         *     alters a transaction.
         */
        Address: {
            /** @example addr_6Bn4VcX8zLk2JhGf */
            id: string;
            /**
             * @description Kind of resource that owns the address; only customers own addresses in `v1`.
             * @example customer
             * @enum {string}
             */
            ownerType: "customer";
            /**
             * @description The owning customer.
             * @example cus_3Jd9QwE5rTy2UiOp
             */
            ownerId: string;
            /** @example Av. Paulista */
            street: string;
            /**
             * @description Street number as written on the address (`1578`, `S/N`).
             * @example 1578
             */
            number: string;
            /**
             * @description Apartment, suite or block; an empty string when there is none.
             * @example Conjunto 42
             */
            complement: string;
            /**
             * @description Bairro.
             * @example Bela Vista
             */
            district: string;
            /** @example São Paulo */
            city: string;
            /**
             * @description Two-letter state code (for Brazil, the UF).
             * @example SP
             */
            state: string;
            /**
             * @description ISO 3166-1 alpha-2 country code.
             * @example BR
             */
            country: string;
            /**
             * @description Normalised postcode (a CEP as `NNNNN-NNN`).
             * @example 01310-200
             */
            postcode: string;
            /**
             * @description As sent by the merchant (the service does not geocode); `null` when not given.
             * @example -23.561414
             */
            latitude: number | null;
            /**
             * @description As sent by the merchant; `null` when not given.
             * @example -46.655881
             */
            longitude: number | null;
            /**
             * @description True for the customer's primary address (at most one per customer).
             * @example true
             */
            primary: boolean;
            /**
             * @description The whole address on one line (`line1, line2, line3`).
             * @example Av. Paulista, 1578 - Conjunto 42, Bela Vista, São Paulo - SP, 01310-200
             */
            line: string;
            /**
             * @description Street, number and complement.
             * @example Av. Paulista, 1578 - Conjunto 42
             */
            line1: string;
            /**
             * @description District.
             * @example Bela Vista
             */
            line2: string;
            /**
             * @description City, state and postcode (and the country when not `BR`).
             * @example São Paulo - SP, 01310-200
             */
            line3: string;
            /**
             * @description The merchant's own key-value pairs; `null` when none were given.
             * @example {
             *       "deliveryHours": "9h-18h"
             *     }
             */
            metadata: {
                [key: string]: string;
            } | null;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Full replacement of an address (`PUT /v1/addresses/{addressId}`). The eight postal fields are all required
         *     (`complement` may be an empty string); the rules on `state` and `postcode` are those of `CreateAddressRequest`.
         *     The owner cannot change. As in every full replacement an omitted optional field is reset: `latitude` and
         *     `longitude` to `null` (coordinates of the old address would be wrong) and `metadata` to `null`. The one
         *     exception is `primary`: omitted, the address keeps its mark; `true` makes it the owner's primary address;
         *     `false` removes the mark (the owner is then left without a primary address).
         */
        UpdateAddressRequest: {
            /** @example Av. Paulista */
            street: string;
            /** @example 1578 */
            number: string;
            /**
             * @description Apartment, suite or block; an empty string when there is none.
             * @example Conjunto 43
             */
            complement: string;
            /** @example Bela Vista */
            district: string;
            /** @example São Paulo */
            city: string;
            /** @example SP */
            state: string;
            /** @example BR */
            country: string;
            /**
             * @description For `BR` a CEP, 8 digits with or without the hyphen (`01310200`, `01310-200`; another shape is `400 invalidParameters`); returned as `01310-200`.
             * @example 01310-200
             */
            postcode: string;
            /** @example -23.561414 */
            latitude?: number | null;
            /** @example -46.655881 */
            longitude?: number | null;
            /** @example true */
            primary?: boolean;
            /**
             * @example {
             *       "deliveryHours": "9h-18h"
             *     }
             */
            metadata?: {
                [key: string]: string;
            } | null;
        };
        /** @description Answer of a successful DELETE (status 200). */
        DeletedResource: {
            /**
             * @description Identifier of the deleted resource.
             * @example wall_2Pq7RsT9uVw4XyZa
             */
            id: string;
            /**
             * @example wallet
             * @enum {string}
             */
            resource: "wallet" | "address" | "webhook";
            /**
             * @example true
             * @constant
             */
            deleted: true;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description The balance of one currency. `available` is what a withdrawal can take: the sum of the merchant's ledger entries
         *     in this currency (settled money, less fees, refunds, chargebacks, open dispute holds and withdrawals) less
         *     `reserved`, its parts of the refunds accepted but not finished yet; it can be negative when a refund or a chargeback takes more
         *     than what is left. `pending` is what the receivables not settled yet will credit, net of their fees: the
         *     schedule, not money in the balance.
         */
        BalanceAmount: {
            /**
             * @description ISO 4217 code; `v1` settles in BRL only.
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            /**
             * Format: int64
             * @description Cents a withdrawal can take now: the sum of the ledger entries less `reserved`; negative when more was taken
             *     (or is on its way back to customers) than settled.
             * @example 19802
             */
            available: number;
            /**
             * Format: int64
             * @description Cents of the refunds still `pending` (accepted, the provider has not confirmed them) that this merchant bears,
             *     held from `available` until each ends: a refund that succeeds then debits the ledger, one that fails gives its
             *     amount back. The whole refund for the charge's merchant; on a split charge the charge's merchant and each
             *     liable recipient hold their own parts (see "Splits").
             * @example 0
             */
            reserved: number;
            /**
             * Format: int64
             * @description Cents the pending receivables will settle, net of their fees.
             * @example 27309
             */
            pending: number;
        };
        /**
         * @description The balance of the caller's merchant in the key's mode, per currency. It is computed on every read from the
         *     append-only ledger (`available`) and from the receivables still pending (`pending`); no stored total exists that
         *     could drift from them. The rules that write the ledger are in the Balance chapter.
         */
        Balance: {
            /**
             * @description Mode of the key that made the call; sandbox and production have separate balances.
             * @example sandbox
             * @enum {string}
             */
            mode: "sandbox" | "production";
            /** @description One entry per currency the merchant has money or receivables in; BRL is always listed. */
            balances: components["schemas"]["BalanceAmount"][];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Light projection of a wallet (a bank account of the merchant) in lists and in the list-all array. The
         *     `accountType` and the holder's document are read with `GET /v1/wallets/{walletId}`.
         */
        WalletListItem: {
            /** @example wall_2Pq7RsT9uVw4XyZa */
            id: string;
            /**
             * @description A label for people.
             * @example Conta principal Itaú
             */
            name: string;
            /**
             * @description Name of the bank, set by the service from `bankCode`.
             * @example Itaú Unibanco S.A.
             */
            bankName: string;
            /**
             * @description Three-digit COMPE code of the bank.
             * @example 341
             */
            bankCode: string;
            /** @example Acme Comércio Ltda */
            holderName: string;
            /**
             * @description Branch (agência), with its check digit after a hyphen when the bank uses one.
             * @example 0912
             */
            routingNumber: string;
            /**
             * @description Account number with its check digit after a hyphen, shown in full.
             * @example 45678-9
             */
            accountNumber: string;
            /**
             * @description True for the wallet that receives settlements (exactly one when the merchant has any wallet).
             * @example true
             */
            primary: boolean;
            /**
             * @description False when the service disabled the wallet because a transfer to it was returned by the bank (closed or wrong account); it receives nothing until deleted and registered again with corrected data.
             * @example true
             */
            enabled: boolean;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
        };
        /** @description A page of the merchant's wallets in the key's mode, as light projections, newest first by default. */
        WalletList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 1
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["WalletListItem"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description A new wallet (`POST /v1/wallets`). All fields but `primary` are required. `bankName` is not sent: the service
         *     derives it from `bankCode` (a code that names no bank it knows is `422 unprocessableEntity`). A holder document
         *     whose check digits are wrong is `422 invalidDocument`. The same bank, branch and account already registered by
         *     the merchant in this mode is `409 walletAlreadyExists`. The first wallet of a merchant becomes primary whatever
         *     `primary` says; `primary: true` on a later one moves the mark to it.
         */
        CreateWalletRequest: {
            /** @example Conta principal Itaú */
            name: string;
            /**
             * @description Three-digit COMPE code of the bank (`341` Itaú, `001` Banco do Brasil, `260` Nu Pagamentos, …).
             * @example 341
             */
            bankCode: string;
            /**
             * @description Branch (agência), 4 digits, with its check digit when the bank uses one (`1234-5` or `12345`).
             * @example 0912
             */
            routingNumber: string;
            /**
             * @description Account number with its check digit (`45678-9` or `456789`); returned with the hyphen.
             * @example 45678-9
             */
            accountNumber: string;
            /**
             * @description Conta corrente (`checking`), poupança (`savings`) or conta de pagamento (`payment`).
             * @example checking
             * @enum {string}
             */
            accountType: "checking" | "savings" | "payment";
            /** @example Acme Comércio Ltda */
            holderName: string;
            holderDocument: components["schemas"]["Document"];
            /**
             * @default false
             * @example true
             */
            primary?: boolean;
        };
        /**
         * @description A bank account of the merchant, in the key's mode, for receiving settlements and for withdrawals. The read
         *     carries the list projection plus `accountType` and `holderDocument` (shown in full: the merchant registered it,
         *     and it is what a withdrawal is checked against), `merchant` and `_links`.
         *
         *     Exactly one wallet is `primary` while the merchant has any: the first wallet registered becomes primary whatever
         *     its `primary` field says, and registering another with `primary: true` moves the mark to it. Deleting the
         *     primary wallet moves the mark to the most recently created remaining wallet. A wallet with withdrawals still
         *     pending cannot be deleted (`422 walletHasPendingWithdrawals`). Wallets cannot be edited: register a new one and
         *     delete the old.
         */
        Wallet: {
            /** @example wall_2Pq7RsT9uVw4XyZa */
            id: string;
            /**
             * @description A label for people.
             * @example Conta principal Itaú
             */
            name: string;
            /**
             * @description Name of the bank, set by the service from `bankCode`.
             * @example Itaú Unibanco S.A.
             */
            bankName: string;
            /**
             * @description Three-digit COMPE code of the bank.
             * @example 341
             */
            bankCode: string;
            /** @example Acme Comércio Ltda */
            holderName: string;
            holderDocument: components["schemas"]["Document"];
            /**
             * @description Branch (agência), with its check digit after a hyphen when the bank uses one.
             * @example 0912
             */
            routingNumber: string;
            /**
             * @description Account number with its check digit after a hyphen.
             * @example 45678-9
             */
            accountNumber: string;
            /**
             * @description Conta corrente (`checking`), poupança (`savings`) or conta de pagamento (`payment`).
             * @example checking
             * @enum {string}
             */
            accountType: "checking" | "savings" | "payment";
            /**
             * @description True for the wallet that receives settlements.
             * @example true
             */
            primary: boolean;
            /**
             * @description False when the service disabled the wallet because a transfer to it was returned by the bank (closed or wrong account); it receives nothing until deleted and registered again with corrected data.
             * @example true
             */
            enabled: boolean;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Where a withdrawal stands. It is created `pending` (the amount already left the available balance) and ends once,
         *     with the bank's answer: `paid` (the transfer reached the wallet) or `failed` (the bank refused or returned it; the
         *     amount is back in the available balance). A final status never changes again.
         *
         *     | from | to | when | webhook |
         *     |---|---|---|---|
         *     | (none) | `pending` | `POST /v1/withdrawals` | `withdrawal.created` |
         *     | `pending` | `paid` | the payout provider confirms the transfer | `withdrawal.paid` |
         *     | `pending` | `failed` | the payout provider refuses or returns the transfer | `withdrawal.failed` |
         * @example pending
         * @enum {string}
         */
        WithdrawalStatus: "pending" | "paid" | "failed";
        /** @description A withdrawal as lists show it (without `merchant` and `_links`, which the envelope carries once). */
        WithdrawalListItem: {
            /** @example wdr_6Tg2Yh8Uj4Ik0Ol3 */
            id: string;
            /**
             * @description The wallet (bank account of the merchant) the money is sent to.
             * @example wall_2Pq7RsT9uVw4XyZa
             */
            walletId: string;
            /**
             * Format: int64
             * @description Amount sent, in cents.
             * @example 50000
             */
            amount: number;
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            status: components["schemas"]["WithdrawalStatus"];
            /**
             * @description The merchant's own note, as sent.
             * @example Saque semanal
             */
            description: string | null;
            /**
             * @description The merchant's own key-value data, as sent (`{}` when none).
             * @example {
             *       "reference": "SAQ-2026-11"
             *     }
             */
            metadata: {
                [key: string]: unknown;
            };
            /**
             * @description Why the bank refused or returned the transfer; `null` unless `failed`.
             * @example null
             */
            failureReason: string | null;
            /**
             * Format: date-time
             * @description When the bank confirmed the transfer; `null` unless `paid`.
             * @example null
             */
            paidAt: string | null;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
        };
        /** @description A page of the merchant's withdrawals in the key's mode, newest first by default. */
        WithdrawalList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 1
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["WithdrawalListItem"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description What to withdraw and where to. The wallet must be a live, enabled wallet of the merchant in the key's mode; the
         *     amount must not exceed the available balance at the moment the withdrawal is recorded.
         */
        CreateWithdrawalRequest: {
            /**
             * @description The wallet (bank account of the merchant) to send the money to.
             * @example wall_2Pq7RsT9uVw4XyZa
             */
            walletId: string;
            /**
             * Format: int64
             * @description Amount to send, in cents.
             * @example 50000
             */
            amount: number;
            /**
             * @description A note of the merchant's, returned as sent.
             * @example Saque semanal
             */
            description?: string;
            /**
             * @description The merchant's own key-value data (at most 50 keys), returned as sent.
             * @example {
             *       "reference": "SAQ-2026-11"
             *     }
             */
            metadata?: {
                [key: string]: unknown;
            };
        };
        /**
         * @description A transfer of the merchant's available balance to one of its wallets, in the key's mode. The amount leaves the
         *     available balance when the withdrawal is created (a `withdrawal` ledger entry) and comes back only if the bank
         *     refuses or returns the transfer (a `withdrawal_reversal` entry); see the Withdrawals chapter for the state machine.
         */
        Withdrawal: {
            /** @example wdr_6Tg2Yh8Uj4Ik0Ol3 */
            id: string;
            /**
             * @description The wallet (bank account of the merchant) the money is sent to.
             * @example wall_2Pq7RsT9uVw4XyZa
             */
            walletId: string;
            /**
             * Format: int64
             * @description Amount sent, in cents.
             * @example 50000
             */
            amount: number;
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            status: components["schemas"]["WithdrawalStatus"];
            /**
             * @description The merchant's own note, as sent.
             * @example Saque semanal
             */
            description: string | null;
            /**
             * @description The merchant's own key-value data, as sent (`{}` when none).
             * @example {
             *       "reference": "SAQ-2026-11"
             *     }
             */
            metadata: {
                [key: string]: unknown;
            };
            /**
             * @description Why the bank refused or returned the transfer; `null` unless `failed`.
             * @example null
             */
            failureReason: string | null;
            /**
             * Format: date-time
             * @description When the bank confirmed the transfer; `null` unless `paid`.
             * @example null
             */
            paidAt: string | null;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            createdAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description What the sandbox bank does with a `pending` sandbox withdrawal:
         *
         *     | action | from | to | webhook |
         *     |---|---|---|---|
         *     | `pay` | `pending` | `paid` | `withdrawal.paid` |
         *     | `fail` | `pending` | `failed` (the amount is credited back) | `withdrawal.failed` |
         *
         *     A withdrawal that is no longer `pending` is `422 invalidTransition`.
         */
        SimulateWithdrawalRequest: {
            /**
             * @example pay
             * @enum {string}
             */
            action: "pay" | "fail";
        };
        /** @description A product as a list shows it (without `merchant` and `_links`). */
        ProductListItem: {
            /** @example prd_7Ty6Ui5Op4As3Df2 */
            id: string;
            /** @example Plano Pro */
            name: string;
            /** @example Acesso completo à plataforma. */
            description: string;
            /** @example true */
            enabled: boolean;
            /**
             * @example {
             *       "linha": "assinaturas"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-01-10T09:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
        };
        /** @description A page of the merchant's products in the key's mode, newest first by default. */
        ProductList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 1
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["ProductListItem"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description A product as the merchant writes it: `POST /v1/products` creates one, `PUT /v1/products/{productId}` replaces
         *     its fields (omitted fields go back to their defaults: `description` empty, `metadata` `{}`). `enabled` is not
         *     written here: see the `disable` and `enable` operations.
         * @example {
         *       "name": "Plano Pro",
         *       "description": "Acesso completo à plataforma.",
         *       "metadata": {
         *         "linha": "assinaturas"
         *       }
         *     }
         */
        ProductInput: {
            /** @example Plano Pro */
            name: string;
            /**
             * @description Text shown to payers; empty when omitted.
             * @example Acesso completo à plataforma.
             */
            description?: string;
            /**
             * @description The merchant's own key-value pairs (at most 50, values up to 500 characters); `{}` when omitted.
             * @example {
             *       "linha": "assinaturas"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @description A product of the merchant's catalogue: what is sold, under which its variants (`var_`) carry the SKUs and prices.
         *     A product with `enabled: false` sells nothing: none of its variants can be sold or subscribed to, whatever the
         *     variants' own `enabled`. Products are never deleted.
         */
        Product: {
            /** @example prd_7Ty6Ui5Op4As3Df2 */
            id: string;
            /** @example Plano Pro */
            name: string;
            /**
             * @description Text shown to payers; may be empty.
             * @example Acesso completo à plataforma.
             */
            description: string;
            /** @example true */
            enabled: boolean;
            /**
             * @description The merchant's own key-value pairs; `{}` when none.
             * @example {
             *       "linha": "assinaturas"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-01-10T09:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Price of a variant. Amounts are integer cents in `currency`. `type: one-time` is a single charge: the billing
         *     and trial fields are then `null` (`daysTrial` and `trialIntervalCount` 0). `type: recurring` is charged every
         *     `billingFrequencyCount` × `billingFrequency` by a subscription, which copies these values when it starts.
         *
         *     The trial is configured as `trialIntervalCount` × `trialInterval`; `daysTrial` is the same length in days,
         *     computed by the service (a `week` is 7 days, a `month` 30), and 0 when there is no trial.
         * @example {
         *       "oldPrice": 5990,
         *       "unitPrice": 5000,
         *       "costPerItem": 1200,
         *       "currency": "BRL",
         *       "schema": "unit",
         *       "type": "recurring",
         *       "daysTrial": 7,
         *       "billingType": "prepaid",
         *       "billingFrequency": "monthly",
         *       "billingFrequencyCount": 1,
         *       "billingExactDay": 10,
         *       "cycles": 12,
         *       "trialInterval": "day",
         *       "trialIntervalCount": 7
         *     }
         */
        VariantPricing: {
            /**
             * Format: int64
             * @description Earlier price shown struck through at checkout, in cents; `null` when none.
             * @example 5990
             */
            oldPrice: number | null;
            /**
             * Format: int64
             * @description Price of one unit, in cents; what each cycle charges for a recurring variant.
             * @example 5000
             */
            unitPrice: number;
            /**
             * Format: int64
             * @description The merchant's cost of one unit, in cents, for its margin reports (never shown to payers); `null` when not given.
             * @example 1200
             */
            costPerItem: number | null;
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            /**
             * @description Pricing scheme. `unit` (the only scheme in `v1`) charges `unitPrice` × quantity.
             * @example unit
             * @enum {string}
             */
            schema: "unit";
            /**
             * @example recurring
             * @enum {string}
             */
            type: "one-time" | "recurring";
            /**
             * Format: int64
             * @description Length of the trial in days (derived from the trial interval); 0 without trial.
             * @example 7
             */
            daysTrial: number;
            /**
             * @description `prepaid` charges each cycle at its start, `postpaid` at its end; `null` for `one-time`.
             * @example prepaid
             * @enum {string|null}
             */
            billingType: "prepaid" | "postpaid" | null;
            /**
             * @description Unit of the billing period; `null` for `one-time`.
             * @example monthly
             * @enum {string|null}
             */
            billingFrequency: "daily" | "weekly" | "monthly" | "yearly" | null;
            /**
             * Format: int64
             * @description Number of `billingFrequency` units per cycle (3 with `monthly` is quarterly); `null` for `one-time`.
             * @example 1
             */
            billingFrequencyCount: number | null;
            /**
             * Format: int32
             * @description Day of the month on which `monthly` and `yearly` cycles are charged; `null` to charge on the anniversary of
             *     the subscription's start (and always `null` for `daily`, `weekly` and `one-time`). A day past the end of a
             *     month (29, 30, 31) bills on that month's last day.
             * @example 10
             */
            billingExactDay: number | null;
            /**
             * Format: int64
             * @description Number of cycles of a fixed-term plan; `null` when it renews until canceled, and for `one-time`. (A request
             *     may write "until canceled" as `0` or `null`; it always reads back as `null`.)
             * @example 12
             */
            cycles: number | null;
            /**
             * @description Unit of the trial period; `null` without trial.
             * @example day
             * @enum {string|null}
             */
            trialInterval: "day" | "week" | "month" | null;
            /**
             * Format: int64
             * @description Number of `trialInterval` units of trial; 0 without trial.
             * @example 7
             */
            trialIntervalCount: number;
        };
        /** @description A variant as a list shows it: the variant without `merchant` and `_links`. */
        VariantListItem: {
            /** @example var_9Kl3MnB6vCx1ZaQw */
            id: string;
            /** @example prd_7Ty6Ui5Op4As3Df2 */
            productId: string;
            /** @example Plano Pro mensal */
            name: string;
            /**
             * @description Text shown to payers; may be empty.
             * @example Acesso completo à plataforma, cobrado todo mês.
             */
            description: string;
            /**
             * @description The merchant's stock-keeping unit code; may be empty.
             * @example PRO-MENSAL
             */
            sku: string;
            /**
             * @description The variant's own flag (`POST /v1/variants/{variantId}/disable` and `…/enable`). The variant is sold only while
             *     this and its product's `enabled` are both true.
             * @example true
             */
            enabled: boolean;
            pricing: components["schemas"]["VariantPricing"];
            /**
             * @description Image addresses, first one shown first; may be empty.
             * @example [
             *       "https://cdn.acme.com.br/produtos/plano-pro.png"
             *     ]
             */
            images: string[];
            /**
             * @description The merchant's own key-value pairs; `{}` when none.
             * @example {
             *       "tier": "pro"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * @description The merchant's own identifier of the variant; `null` when none was given.
             * @example ERP-VAR-0042
             */
            externalReference: string | null;
            /**
             * @description The options that tell this variant apart from its siblings, as option name to value (`{"tamanho": "M",
             *     "cor": "Azul"}`); `null` when the product has a single variant.
             * @example {
             *       "periodicidade": "mensal"
             *     }
             */
            attributes: {
                [key: string]: string;
            } | null;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-01-10T09:00:00.000Z
             */
            createdAt: string;
        };
        /** @description A page of the merchant's variants in the key's mode, newest first by default. */
        VariantList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 1
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["VariantListItem"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description The price of a variant as the merchant writes it. Shape errors (a wrong type, a value out of range, an unknown
         *     field) are `400 invalidParameters`; a pricing whose fields disagree with each other is
         *     `422 invalidPricing`, whose `params` name the field:
         *
         *     - `type: recurring` needs `billingFrequency` and a `unitPrice` of at least 1 cent (a cycle charges something);
         *       `billingType` defaults to `prepaid`, `billingFrequencyCount` to 1, `cycles` to until canceled.
         *     - `type: one-time` takes no billing or trial field (`billingType`, `billingFrequency`, `billingFrequencyCount`,
         *       `billingExactDay`, `cycles`, `trialInterval` are omitted or `null`; `trialIntervalCount` and `daysTrial` omitted
         *       or 0).
         *     - `billingExactDay` (1–31) applies to `monthly` and `yearly` only; a day past the end of a month bills on that
         *       month's last day (the calendar is the subscription's).
         *     - `cycles`: the number of cycles of a fixed-term plan; `0` or `null` (or omitted) renews until canceled, and
         *       reads back as `null`.
         *     - The trial is `trialIntervalCount` × `trialInterval` (both, or neither). `daysTrial` alone is a trial of that many
         *       days (`trialInterval: day`); sent with `trialInterval` it must equal the computed length (a week 7 days, a month
         *       30), else `422 invalidPricing`.
         *     - `oldPrice` and `costPerItem` are stored as given (they are shown struck through at checkout and used in margin
         *       reports; never charged).
         * @example {
         *       "type": "recurring",
         *       "unitPrice": 5000,
         *       "oldPrice": 5990,
         *       "costPerItem": 1200,
         *       "billingType": "prepaid",
         *       "billingFrequency": "monthly",
         *       "billingFrequencyCount": 1,
         *       "billingExactDay": 10,
         *       "cycles": 12,
         *       "trialInterval": "day",
         *       "trialIntervalCount": 7
         *     }
         */
        VariantPricingInput: {
            /**
             * @example recurring
             * @enum {string}
             */
            type: "one-time" | "recurring";
            /**
             * Format: int64
             * @description Price of one unit, in cents; what each cycle charges for a recurring variant.
             * @example 5000
             */
            unitPrice: number;
            /**
             * Format: int64
             * @example 5990
             */
            oldPrice?: number | null;
            /**
             * Format: int64
             * @example 1200
             */
            costPerItem?: number | null;
            /**
             * @description The only currency of `v1`; `BRL` when omitted.
             * @example BRL
             * @enum {string}
             */
            currency?: "BRL";
            /**
             * @description The only pricing scheme of `v1`; `unit` when omitted.
             * @example unit
             * @enum {string}
             */
            schema?: "unit";
            /**
             * @example prepaid
             * @enum {string|null}
             */
            billingType?: "prepaid" | "postpaid" | null;
            /**
             * @example monthly
             * @enum {string|null}
             */
            billingFrequency?: "daily" | "weekly" | "monthly" | "yearly" | null;
            /**
             * Format: int32
             * @example 1
             */
            billingFrequencyCount?: number | null;
            /**
             * Format: int32
             * @example 10
             */
            billingExactDay?: number | null;
            /**
             * Format: int32
             * @description Cycles of a fixed-term plan; `0` or `null` renews until canceled.
             * @example 12
             */
            cycles?: number | null;
            /**
             * Format: int32
             * @example 7
             */
            daysTrial?: number;
            /**
             * @example day
             * @enum {string|null}
             */
            trialInterval?: "day" | "week" | "month" | null;
            /**
             * Format: int32
             * @example 7
             */
            trialIntervalCount?: number;
        };
        /**
         * @description A variant as the merchant writes it: `POST /v1/variants` creates one, `PUT /v1/variants/{variantId}` replaces
         *     its fields (omitted optional fields go back to their defaults: empty `description` and `sku`, no `images`,
         *     `metadata` `{}`, `externalReference` and `attributes` `null`). `productId` must name an enabled product of the
         *     merchant in the key's mode (`422 productDisabled` when it is disabled, `404 productNotFound` when there is no
         *     such product); a replacement may move the variant to another product. `enabled` is not written here: see the
         *     `disable` and `enable` operations. Subscriptions already running are not changed by a replacement: they keep
         *     the plan they copied when they started.
         * @example {
         *       "productId": "prd_7Ty6Ui5Op4As3Df2",
         *       "name": "Plano Pro mensal",
         *       "sku": "PRO-MENSAL",
         *       "pricing": {
         *         "type": "recurring",
         *         "unitPrice": 5000,
         *         "billingFrequency": "monthly",
         *         "cycles": 0,
         *         "trialInterval": "day",
         *         "trialIntervalCount": 7
         *       }
         *     }
         */
        VariantInput: {
            /** @example prd_7Ty6Ui5Op4As3Df2 */
            productId: string;
            /** @example Plano Pro mensal */
            name: string;
            /** @example Acesso completo à plataforma, cobrado todo mês. */
            description?: string;
            /** @example PRO-MENSAL */
            sku?: string;
            /**
             * @example [
             *       "https://cdn.acme.com.br/produtos/plano-pro.png"
             *     ]
             */
            images?: string[];
            /**
             * @example {
             *       "tier": "pro"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            /** @example ERP-VAR-0042 */
            externalReference?: string | null;
            /**
             * @description Option name to value (`{"tamanho": "M"}`); `null` when the product has a single variant.
             * @example {
             *       "periodicidade": "mensal"
             *     }
             */
            attributes?: {
                [key: string]: string;
            } | null;
            pricing: components["schemas"]["VariantPricingInput"];
        };
        /**
         * @description A sellable variant of one of the merchant's products (`productId`): a size, colour or plan, with its own SKU and
         *     pricing. A variant with `enabled: false`, or whose product is disabled, cannot be sold (a transaction item naming
         *     it is `422 variantDisabled`) or subscribed to; subscriptions already running keep running on the plan they
         *     copied when they started. Variants are never deleted.
         */
        Variant: {
            /** @example var_9Kl3MnB6vCx1ZaQw */
            id: string;
            /** @example prd_7Ty6Ui5Op4As3Df2 */
            productId: string;
            /** @example Plano Pro mensal */
            name: string;
            /**
             * @description Text shown to payers; may be empty.
             * @example Acesso completo à plataforma, cobrado todo mês.
             */
            description: string;
            /**
             * @description The merchant's stock-keeping unit code; may be empty.
             * @example PRO-MENSAL
             */
            sku: string;
            /**
             * @description The variant's own flag (`POST /v1/variants/{variantId}/disable` and `…/enable`). The variant is sold only while
             *     this and its product's `enabled` are both true.
             * @example true
             */
            enabled: boolean;
            pricing: components["schemas"]["VariantPricing"];
            /**
             * @description Image addresses, first one shown first; may be empty.
             * @example [
             *       "https://cdn.acme.com.br/produtos/plano-pro.png"
             *     ]
             */
            images: string[];
            /**
             * @description The merchant's own key-value pairs; `{}` when none.
             * @example {
             *       "tier": "pro"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * @description The merchant's own identifier of the variant; `null` when none was given.
             * @example ERP-VAR-0042
             */
            externalReference: string | null;
            /**
             * @description The options that tell this variant apart from its siblings, as option name to value (`{"tamanho": "M",
             *     "cor": "Azul"}`); `null` when the product has a single variant.
             * @example {
             *       "periodicidade": "mensal"
             *     }
             */
            attributes: {
                [key: string]: string;
            } | null;
            /**
             * Format: date-time
             * @example 2026-03-14T12:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-01-10T09:00:00.000Z
             */
            createdAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Status of a subscription. It follows the charges of its billing cycles and the merchant's operations; this table
         *     is the one the service moves subscriptions by (a test compares the two).
         *
         *     | from | trigger | to |
         *     |---|---|---|
         *     | (none) | the subscription is created (`201`; the first cycle is charged in the background) | `pending` |
         *     | `pending` | the plan has a trial period: the trial starts in the background right after the `201` | `trialing` |
         *     | `pending` | the first cycle's charge is approved | `active` |
         *     | `pending` | the first cycle's charge (no trial) fails, is refused or expires unpaid, or the merchant cancels | `canceled` |
         *     | `trialing` | the trial ends and the first cycle's charge is approved | `active` |
         *     | `trialing` | the charge at the end of the trial fails, is refused or expires unpaid (it is retried) | `past-due` |
         *     | `trialing` | the merchant cancels | `canceled` |
         *     | `active` | a renewal charge fails, is refused or expires unpaid (the cycle becomes `failed`) | `past-due` |
         *     | `active` | the merchant pauses it | `paused` |
         *     | `active` | the merchant cancels now, or the period ends after a cancel at period end | `canceled` |
         *     | `active` | the last cycle of a fixed-term plan (`totalCycles`) is paid and its period ends | `expired` |
         *     | `past-due` | a retry of the overdue cycle is approved | `active` |
         *     | `past-due` | the overdue cycle is still unpaid when its retries run out, with `dunning.endAs: canceled` | `canceled` |
         *     | `past-due` | the overdue cycle is still unpaid when its retries run out, with `dunning.endAs: unpaid` | `unpaid` |
         *     | `past-due` | the merchant cancels | `canceled` |
         *     | `paused` | the merchant resumes it | `active` |
         *     | `paused` | the merchant cancels | `canceled` |
         *     | `unpaid` | the merchant cancels | `canceled` |
         *
         *     `canceled` and `expired` are final. `unpaid` bills nothing more: the merchant settles the debt outside the
         *     subscription and cancels it.
         * @example active
         * @enum {string}
         */
        SubscriptionStatus: "pending" | "trialing" | "active" | "past-due" | "paused" | "unpaid" | "canceled" | "expired";
        /**
         * @description A share of each cycle's charge of a subscription that goes to another merchant account (`recipient`). With
         *     `type: percentage`, `value` is a percentage of the cycle amount, greater than 0 and at most 100, with up to two
         *     decimals; with `type: fixed`, `value` is an amount in cents (a whole number, at least 1). The percentage splits of
         *     a subscription add up to at most 100, and the shares plus the part of the processing fee the merchant bears fit in
         *     the subscription `amount`. A change applies from the next cycle billed; cycles already billed keep the splits they were billed with.
         *     Single-split answers carry `merchant` and `_links`; a split inside a subscription or a split collection does not.
         */
        SubscriptionSplit: {
            /**
             * @description Split id (`ssp_`; splits created before the current format keep the `split_` prefix).
             * @example ssp_1Az9Sx8Dc7Fv6Gb5
             */
            readonly id: string;
            /**
             * @description Merchant account that receives the share.
             * @example bus_8Nm3Bv5Cx7Zl1Kj9
             */
            recipient: string;
            /**
             * @example percentage
             * @enum {string}
             */
            type: "percentage" | "fixed";
            /**
             * @description A percentage (0 < value ≤ 100) for `percentage`, an amount in cents for `fixed`.
             * @example 30
             */
            value: number;
            /**
             * @description True when the recipient bears the processing fee in proportion to its share (rounded down; the merchant bears the rest).
             * @example false
             */
            chargeProcessingFee: boolean;
            /**
             * @description True when the recipient answers, in proportion to its share, for refunds and chargebacks of the cycles it was paid from.
             * @example true
             */
            liable: boolean;
            /**
             * Format: date-time
             * @example 2026-03-01T10:00:00.000Z
             */
            readonly updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-03-01T10:00:00.000Z
             */
            readonly createdAt: string;
            merchant?: components["schemas"]["Merchant"];
            _links?: components["schemas"]["Links"];
        };
        /**
         * @description A recurring charge of a customer, on a recurring variant's plan or an explicit one. Each billing cycle is charged
         *     by an ordinary transaction (its `subscriptionId` names the subscription); the status follows the outcome of those
         *     charges and the merchant's operations (the transitions are in `SubscriptionStatus`). `canceled` and `expired`
         *     are final; their splits, and those of an `unpaid` subscription (which bills nothing more), can no longer change.
         */
        Subscription: {
            /**
             * @description Subscription id (`subs_`; older subscriptions keep the `sub_` prefix).
             * @example subs_5Wq2Er8TyU4IoP6a
             */
            id: string;
            status: components["schemas"]["SubscriptionStatus"];
            /**
             * @description The paying customer.
             * @example cus_3Jd9QwE5rTy2UiOp
             */
            customerId: string;
            /**
             * @description The variant subscribed to, whose `pricing` gave the plan; `null` for a plan given explicitly.
             * @example var_9Kl3MnB6vCx1ZaQw
             */
            variantId: string | null;
            /**
             * Format: int64
             * @description Amount charged each cycle, in cents.
             * @example 5000
             */
            amount: number;
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            /**
             * @description How each cycle is charged. `credit` charges the customer's stored card; `pix` and `billet` issue a charge the customer pays.
             * @example credit
             * @enum {string}
             */
            paymentMethod: "pix" | "credit" | "billet";
            /** @description The stored card's brand and digits (`credit`); `null` for the other methods. Never the number or CVV. */
            card: {
                /**
                 * @example visa
                 * @enum {string}
                 */
                brand: "visa" | "mastercard" | "elo" | "amex" | "hipercard";
                /** @example 411111 */
                firstDigits: string;
                /** @example 1111 */
                lastDigits: string;
            } | null;
            /**
             * @description Unit of the billing period.
             * @example monthly
             * @enum {string}
             */
            billingFrequency: "daily" | "weekly" | "monthly" | "yearly";
            /**
             * Format: int64
             * @description Number of `billingFrequency` units per cycle (3 with `monthly` is quarterly).
             * @example 1
             */
            billingFrequencyCount: number;
            /**
             * Format: int32
             * @description The day of the month cycles start on (the last day of shorter months); `null` when they start on the subscription's own day.
             * @example null
             */
            billingExactDay: number | null;
            /**
             * Format: int64
             * @description Number (`cycle`) of the last cycle paid; 0 while pending or in trial.
             * @example 3
             */
            currentCycle: number;
            /**
             * Format: int64
             * @description Cycles of a fixed-term plan, after which the subscription expires; `null` when it renews until canceled.
             * @example 12
             */
            totalCycles: number | null;
            /**
             * Format: date-time
             * @description When the next cycle (or the next retry of an overdue one) is charged: the start of its due day in São Paulo
             *     (03:00 UTC); `null` while a charge is in flight, once canceled, expired or unpaid, or when no cycle is left.
             * @example 2026-04-14T03:00:00.000Z
             */
            nextBillingAt: string | null;
            /**
             * Format: date-time
             * @description End of the trial period (the start of the first billed day); `null` when the plan has no trial.
             * @example null
             */
            trialEndsAt: string | null;
            /**
             * @description True after a cancel at period end, until the subscription is canceled on the next due date.
             * @example false
             */
            cancelAtPeriodEnd: boolean;
            /**
             * Format: date-time
             * @description When the subscription was paused; `null` unless `status` is `paused`.
             * @example null
             */
            pausedAt: string | null;
            /**
             * Format: date-time
             * @description When the subscription was canceled; `null` unless `status` is `canceled`.
             * @example null
             */
            canceledAt: string | null;
            /** @description The retry schedule of failed cycles in force (see `SubscriptionDunning`; the defaults filled in). */
            dunning: {
                /**
                 * @example [
                 *       1,
                 *       3,
                 *       5,
                 *       7
                 *     ]
                 */
                retryDays: number[];
                /**
                 * @example canceled
                 * @enum {string}
                 */
                endAs: "canceled" | "unpaid";
                /**
                 * Format: int64
                 * @example 3
                 */
                billetToleranceDays: number;
            };
            /**
             * @description The sandbox test clock the subscription bills on; `null` on the wall clock.
             * @example null
             */
            clockId: string | null;
            /** @description The revenue splits applied to each cycle (manage them under `/v1/subscriptions/{subscriptionId}/splits`). */
            splits: components["schemas"]["SubscriptionSplit"][];
            /**
             * @description The merchant's own key-value pairs.
             * @example {
             *       "plan": "pro"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-01-14T12:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:31:05.000Z
             */
            updatedAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /** @description A page of subscriptions, newest first by default. */
        SubscriptionList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 1
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            /** @description The subscriptions as reading each returns it. */
            data: components["schemas"]["Subscription"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description How each cycle is charged. `credit` needs `card`, which is exchanged once for the provider's reusable token (the
         *     number and CVV are never stored; the cycles' transactions show `cardRegistered: true` and `reusable: true`); `pix`
         *     and `billet` issue a charge each cycle for the customer to pay (a billet needs a customer with a CPF or CNPJ).
         *     `card` with another method, or `credit` without it, is `400 invalidParameters`.
         */
        SubscriptionPaymentInput: {
            /**
             * @example credit
             * @enum {string}
             */
            method: "pix" | "credit" | "billet";
            card?: components["schemas"]["CardInput"];
        };
        /**
         * @description What happens when a cycle's charge fails. The overdue cycle is charged again after each of `retryDays` days,
         *     counted from the failure of its first charge (each retry is a new transaction of the cycle, announced by
         *     `cycle.billed`, and a failure by `cycle.failed` with the next retry in `nextRetryAt`); when the last retry fails
         *     the subscription ends as `endAs` says (`subscription.canceled` or `subscription.unpaid`).
         *
         *     Defaults and limits per method: `credit` retries after 1, 3, 5 and 7 days (at most 10 retries within 30 days);
         *     `pix` after 1, 3 and 5 days, and at most 3 retries within 7 days, the windows PIX Automático allows;
         *     `billet` issues one new billet after 1 day (at most 3 within 30 days). Each billet of a subscription is payable
         *     until `billetToleranceDays` days after its due date (default 3). A schedule out of these limits is
         *     `422 unprocessableEntity`. The first charge of a subscription without a trial (`pending`) is not retried: its
         *     failure cancels the subscription. The charge at the end of a trial is retried like a renewal (`trialing` →
         *     `past-due`). A charge that failed while the subscription was paused is no retry: resume charges the cycle again
         *     and its retry days count from that charge.
         */
        SubscriptionDunning: {
            /**
             * @description Days after the first failure of a cycle on which it is charged again, strictly increasing.
             * @example [
             *       1,
             *       3,
             *       5,
             *       7
             *     ]
             */
            retryDays?: number[];
            /**
             * @description How the subscription ends when the retries run out; `canceled` when omitted.
             * @example canceled
             * @enum {string}
             */
            endAs?: "canceled" | "unpaid";
            /**
             * Format: int32
             * @description Days a subscription's billet stays payable after its due date (`billet` only); 3 when omitted.
             * @example 3
             */
            billetToleranceDays?: number;
        };
        /**
         * @description A new split of a subscription. `recipient` must be a sub-account of the key's merchant (`isSubAccount: true`,
         *     created under it with the admin tool) and must not already have a split on this subscription; otherwise
         *     `422 unprocessableEntity`. Totals that would pass 100 %, or shares that with the part of the processing fee the
         *     merchant bears would not fit in the subscription amount, are `422 splitPercentageExceeded`. `chargeProcessingFee`
         *     and `liable` default to false: the merchant bears the whole fee and answers for refunds and chargebacks.
         */
        CreateSubscriptionSplitRequest: {
            /** @example bus_8Nm3Bv5Cx7Zl1Kj9 */
            recipient: string;
            /**
             * @example percentage
             * @enum {string}
             */
            type: "percentage" | "fixed";
            /**
             * @description A percentage (0 < value ≤ 100, up to two decimals) for `percentage`, cents (whole number ≥ 1) for `fixed`. The rule per type is checked by the service (`400 invalidParameters` naming `value`).
             * @example 30
             */
            value: number;
            /**
             * @default false
             * @example false
             */
            chargeProcessingFee?: boolean;
            /**
             * @default false
             * @example true
             */
            liable?: boolean;
        };
        /**
         * @description The subscription's split rule from its first cycle on: each item is checked exactly as
         *     `POST /v1/subscriptions/{subscriptionId}/splits` checks it, one after the other, against the subscription's
         *     amount and method and the items before it, and the splits are written with the subscription. Any item that
         *     cannot be applied refuses the whole request (`422 splitPercentageExceeded`, `422 unprocessableEntity` or
         *     `400 invalidParameters`, as that operation answers) and nothing is created. Omitted or empty: no splits.
         */
        SubscriptionSplitsInput: components["schemas"]["CreateSubscriptionSplitRequest"][];
        /**
         * @description Up to 50 key-value pairs of your own (keys up to 40 characters, values up to 500), returned as sent.
         * @example {
         *       "plan": "pro"
         *     }
         */
        SubscriptionMetadataInput: {
            [key: string]: string;
        };
        /**
         * New payer, recurring variant
         * @description A new subscription for a payer given in full (`customer`; `customerId` is not sent),
         *     billed as a recurring variant's `pricing` says (`variantId`; `plan` is not sent).
         */
        CreateSubscriptionForCustomerAndVariant: {
            customer: components["schemas"]["TransactionCustomerInput"];
            customerId?: never;
            /**
             * @description A recurring variant of the merchant, whose `pricing` gives the plan; a one-time or disabled variant is `422`.
             * @example var_9Kl3MnB6vCx1ZaQw
             */
            variantId: string;
            plan?: never;
            payment: components["schemas"]["SubscriptionPaymentInput"];
            dunning?: components["schemas"]["SubscriptionDunning"];
            splits?: components["schemas"]["SubscriptionSplitsInput"];
            /**
             * @description Sandbox only: bill on this test clock's time instead of the wall clock's (a production key sending it is
             *     `403 sandboxOnly`, a clock of another merchant `422`). The subscription starts on the clock's day.
             * @example clk_2Df5Gh8Jk1Lm4Np7
             */
            clockId?: string;
            metadata?: components["schemas"]["SubscriptionMetadataInput"];
        };
        /**
         * @description An explicit plan, instead of a recurring `variantId`. `cycles` is the number of paid cycles of a fixed-term plan
         *     (0 or omitted: renews until canceled). A trial is `trialIntervalCount` × `trialInterval` (no trial when omitted or
         *     0). `billingExactDay` (monthly and yearly plans only; `422` otherwise) bills on that day of the month, or on the
         *     month's last day in shorter months; the days before the first such day are not billed.
         */
        SubscriptionPlanInput: {
            /**
             * Format: int64
             * @description Amount of each cycle in cents.
             * @example 5000
             */
            amount: number;
            /**
             * @example monthly
             * @enum {string}
             */
            billingFrequency: "daily" | "weekly" | "monthly" | "yearly";
            /**
             * Format: int32
             * @description Units of `billingFrequency` per cycle; 1 when omitted.
             * @example 1
             */
            billingFrequencyCount?: number;
            /**
             * Format: int32
             * @example 10
             */
            billingExactDay?: number;
            /**
             * Format: int32
             * @example 12
             */
            cycles?: number;
            /**
             * @example day
             * @enum {string}
             */
            trialInterval?: "day" | "week" | "month";
            /**
             * Format: int32
             * @example 7
             */
            trialIntervalCount?: number;
        };
        /**
         * New payer, explicit plan
         * @description A new subscription for a payer given in full (`customer`; `customerId` is not sent),
         *     billed as the explicit `plan` says (`variantId` is not sent).
         */
        CreateSubscriptionForCustomerAndPlan: {
            customer: components["schemas"]["TransactionCustomerInput"];
            customerId?: never;
            variantId?: never;
            plan: components["schemas"]["SubscriptionPlanInput"];
            payment: components["schemas"]["SubscriptionPaymentInput"];
            dunning?: components["schemas"]["SubscriptionDunning"];
            splits?: components["schemas"]["SubscriptionSplitsInput"];
            /**
             * @description Sandbox only: bill on this test clock's time instead of the wall clock's (a production key sending it is
             *     `403 sandboxOnly`, a clock of another merchant `422`). The subscription starts on the clock's day.
             * @example clk_2Df5Gh8Jk1Lm4Np7
             */
            clockId?: string;
            metadata?: components["schemas"]["SubscriptionMetadataInput"];
        };
        /**
         * Existing customer, recurring variant
         * @description A new subscription for an existing customer (`customerId`; `customer` is not sent),
         *     billed as a recurring variant's `pricing` says (`variantId`; `plan` is not sent).
         */
        CreateSubscriptionForCustomerIdAndVariant: {
            customer?: never;
            /**
             * @description An existing customer of the merchant; one that does not exist is `422`.
             * @example cus_3Jd9QwE5rTy2UiOp
             */
            customerId: string;
            /**
             * @description A recurring variant of the merchant, whose `pricing` gives the plan; a one-time or disabled variant is `422`.
             * @example var_9Kl3MnB6vCx1ZaQw
             */
            variantId: string;
            plan?: never;
            payment: components["schemas"]["SubscriptionPaymentInput"];
            dunning?: components["schemas"]["SubscriptionDunning"];
            splits?: components["schemas"]["SubscriptionSplitsInput"];
            /**
             * @description Sandbox only: bill on this test clock's time instead of the wall clock's (a production key sending it is
             *     `403 sandboxOnly`, a clock of another merchant `422`). The subscription starts on the clock's day.
             * @example clk_2Df5Gh8Jk1Lm4Np7
             */
            clockId?: string;
            metadata?: components["schemas"]["SubscriptionMetadataInput"];
        };
        /**
         * Existing customer, explicit plan
         * @description A new subscription for an existing customer (`customerId`; `customer` is not sent),
         *     billed as the explicit `plan` says (`variantId` is not sent).
         */
        CreateSubscriptionForCustomerIdAndPlan: {
            customer?: never;
            /**
             * @description An existing customer of the merchant; one that does not exist is `422`.
             * @example cus_3Jd9QwE5rTy2UiOp
             */
            customerId: string;
            variantId?: never;
            plan: components["schemas"]["SubscriptionPlanInput"];
            payment: components["schemas"]["SubscriptionPaymentInput"];
            dunning?: components["schemas"]["SubscriptionDunning"];
            splits?: components["schemas"]["SubscriptionSplitsInput"];
            /**
             * @description Sandbox only: bill on this test clock's time instead of the wall clock's (a production key sending it is
             *     `403 sandboxOnly`, a clock of another merchant `422`). The subscription starts on the clock's day.
             * @example clk_2Df5Gh8Jk1Lm4Np7
             */
            clockId?: string;
            metadata?: components["schemas"]["SubscriptionMetadataInput"];
        };
        /**
         * @description A new subscription. Give exactly one of `customer` and `customerId`, and exactly one of `variantId` (a recurring
         *     variant, whose `pricing` gives the plan) and `plan`.
         *
         *     The four combinations are spelled out as four shapes, each naming the two properties it takes and marking the
         *     other two as never sent (`false`), rather than as two independent choices (`allOf` of two `oneOf`s): code
         *     generators (openapi-typescript, hey-api, orval) turn four closed shapes into a precise union type, and could not
         *     turn the two choices into anything but `unknown`. On the wire nothing changed: the same bodies are accepted and
         *     refused.
         */
        CreateSubscriptionRequest: components["schemas"]["CreateSubscriptionForCustomerAndVariant"] | components["schemas"]["CreateSubscriptionForCustomerAndPlan"] | components["schemas"]["CreateSubscriptionForCustomerIdAndVariant"] | components["schemas"]["CreateSubscriptionForCustomerIdAndPlan"];
        /**
         * @description `atPeriodEnd: true` keeps the subscription until the end of the period already paid (`cancelAtPeriodEnd` becomes
         *     true; the next cycle is not billed and the subscription is `canceled` on its due date); false or omitted cancels
         *     now. Either way nothing already charged is refunded.
         */
        CancelSubscriptionRequest: {
            /** @example false */
            atPeriodEnd?: boolean;
        };
        /**
         * @description The payment method for the next charges of the subscription (those already created keep theirs). A `credit` card
         *     is tokenised once, as on creation. A subscription `past-due` keeps its retry schedule: the next retry charges the
         *     new method. A `canceled` or `expired` subscription is `422 invalidTransition`.
         *
         *     The new method is checked as on creation: a method the merchant's fee plan has no rate for is
         *     `422 unprocessableEntity`, and the dunning schedule follows the new method's limits (`SubscriptionDunning`): the
         *     defaults become the new method's defaults, a schedule the merchant chose is kept when it fits them and gives way
         *     to the new method's defaults when it does not (`endAs` and `billetToleranceDays` are kept).
         *
         *     The subscription's split rule is checked again against the new method (its processing fee, and the card's brand):
         *     a method under which the splits and the part of the fee the merchant bears would no longer fit in the amount is
         *     `422 splitPercentageExceeded`, and the subscription keeps its method.
         */
        UpdateSubscriptionPaymentMethodRequest: {
            payment: components["schemas"]["SubscriptionPaymentInput"];
        };
        /**
         * @description All the splits of a subscription with their totals. `totalPercentage` adds up the `percentage` splits and
         *     `remainingPercentage` is 100 minus it. `remainingAmount` is what stays with the subscription's merchant from each
         *     cycle: the subscription `amount` minus the `fixed` splits minus the percentage shares (each rounded down to the
         *     cent), before the processing fee, in cents, written as a string of digits (the seed's type).
         */
        SubscriptionSplitCollection: {
            /**
             * @description The subscription id.
             * @example subs_5Wq2Er8TyU4IoP6a
             */
            subscription: string;
            /** @description The splits, oldest first. */
            splits: components["schemas"]["SubscriptionSplit"][];
            /** @example 30 */
            totalPercentage: number;
            /** @example 70 */
            remainingPercentage: number;
            /**
             * @description Cents, as a string of digits.
             * @example 2500
             */
            remainingAmount: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description New `type` and `value` of a split (both required; the recipient and the flags stay). Totals that would pass 100 %,
         *     or shares that with the part of the processing fee the merchant bears would not fit in the subscription amount,
         *     are `422 splitPercentageExceeded`.
         */
        UpdateSubscriptionSplitRequest: {
            /**
             * @example percentage
             * @enum {string}
             */
            type: "percentage" | "fixed";
            /**
             * @description A percentage (0 < value ≤ 100, up to two decimals) for `percentage`, cents (whole number ≥ 1) for `fixed`. The rule per type is checked by the service (`400 invalidParameters` naming `value`).
             * @example 25.5
             */
            value: number;
        };
        /**
         * @description Status of a billing cycle; this table is the one the service moves cycles by (a test compares the two).
         *
         *     | from | trigger | to |
         *     |---|---|---|
         *     | (none) | the subscription is created, or the previous cycle is paid | `scheduled` |
         *     | `scheduled` | `dueDate` arrives and the cycle's transaction is created (`cycle.billed`) | `billing` |
         *     | `billing` | the transaction is approved (`cycle.paid`) | `paid` |
         *     | `billing` | the transaction fails, is refused, or expires unpaid (PIX, billet) (`cycle.failed`) | `failed` |
         *     | `failed` | a retry of the dunning schedule creates a new transaction (`transactionId` changes; `cycle.billed`) | `billing` |
         *     | `scheduled`, `failed` | the subscription is canceled, expires or ends `unpaid` | `canceled` |
         *
         *     `paid` and `canceled` are final. A cycle that is `billing` when its subscription is canceled keeps its charge,
         *     which ends `paid` or `failed` as the charge does (no retry follows).
         * @example paid
         * @enum {string}
         */
        BillingCycleStatus: "scheduled" | "billing" | "paid" | "failed" | "canceled";
        /**
         * @description One billing period of a subscription and its charge. The period runs from `startDate` to `endDate`, both
         *     inclusive (São Paulo calendar days); plans are prepaid, so `dueDate` is the first day of the period, and the cycle
         *     is charged at the start of that day in São Paulo. Periods are counted from the subscription's first billed day:
         *     monthly periods keep its day of the month (or `billingExactDay`), falling on the last day of shorter months and
         *     coming back afterwards (31 → Feb 28 → Mar 31); a Feb 29 start falls on Feb 28 in common years. The moves between
         *     statuses are in `BillingCycleStatus`.
         * @example {
         *       "id": "scy_3Qw9Er7Ty5Ui1Op2",
         *       "subscriptionId": "subs_5Wq2Er8TyU4IoP6a",
         *       "cycle": 3,
         *       "status": "paid",
         *       "amount": 5000,
         *       "transactionId": "tra_8Hq2LmZx4RtY7vKc",
         *       "attempts": 1,
         *       "nextRetryAt": null,
         *       "startDate": "2026-03-14",
         *       "endDate": "2026-04-13",
         *       "dueDate": "2026-03-14",
         *       "billedAt": "2026-03-14T12:30:00.000Z",
         *       "updatedAt": "2026-03-14T12:31:05.000Z",
         *       "createdAt": "2026-02-14T12:30:00.000Z",
         *       "merchant": {
         *         "name": "Acme Comércio Ltda",
         *         "merchantId": "bus_4Xk9Lm2Qp7Rt5Vw8",
         *         "isSubAccount": false
         *       },
         *       "_links": {
         *         "transaction": {
         *           "href": "/v1/transactions/tra_8Hq2LmZx4RtY7vKc",
         *           "method": "GET",
         *           "description": "Read the transaction of this cycle"
         *         },
         *         "subscription": {
         *           "href": "/v1/subscriptions/subs_5Wq2Er8TyU4IoP6a",
         *           "method": "GET",
         *           "description": "Read the subscription"
         *         }
         *       }
         *     }
         */
        BillingCycle: {
            /** @example scy_3Qw9Er7Ty5Ui1Op2 */
            id: string;
            /** @example subs_5Wq2Er8TyU4IoP6a */
            subscriptionId: string;
            /**
             * Format: int64
             * @description Number of the cycle, 1 for the first paid period.
             * @example 3
             */
            cycle: number;
            status: components["schemas"]["BillingCycleStatus"];
            /**
             * Format: int64
             * @description Amount charged for this cycle, in cents.
             * @example 5000
             */
            amount: number;
            /**
             * @description The latest transaction charging this cycle; `null` while `scheduled`.
             * @example tra_8Hq2LmZx4RtY7vKc
             */
            transactionId: string | null;
            /**
             * Format: int64
             * @description Charges made for this cycle so far (the first one and each retry).
             * @example 1
             */
            attempts: number;
            /**
             * Format: date-time
             * @description When a `failed` cycle is charged again (its dunning schedule); `null` when no retry is left or due.
             * @example null
             */
            nextRetryAt: string | null;
            /**
             * Format: date
             * @example 2026-03-14
             */
            startDate: string;
            /**
             * Format: date
             * @example 2026-04-13
             */
            endDate: string;
            /**
             * Format: date
             * @example 2026-03-14
             */
            dueDate: string;
            /**
             * Format: date-time
             * @description When the cycle's first transaction was created; `null` while `scheduled`.
             * @example 2026-03-14T12:30:00.000Z
             */
            billedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-03-14T12:31:05.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-02-14T12:30:00.000Z
             */
            createdAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /** @description A page of the billing cycles of one subscription, newest first by default. */
        BillingCycleList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 2
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["BillingCycle"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Light projection of a payment link in lists: a shareable checkout page, reached through one of its accesses
         *     (`accessId`, `accessFullUrl`). A link can be paid from `availableAt` until `expiresAt`; `null` in either means no
         *     bound on that side.
         * @example {
         *       "id": "link_5Gh7Jk9Lz2Xc4Vb6",
         *       "name": "Plano Pro mensal",
         *       "accessId": "acc_2Df4Gh6Jk8Lq0Wp3Zx7Cv9Bn",
         *       "accessFullUrl": "https://pay.payments.example/c/acc_2Df4Gh6Jk8Lq0Wp3Zx7Cv9Bn",
         *       "expiresAt": "2026-04-30T23:59:59.000Z",
         *       "availableAt": "2026-03-01T00:00:00.000Z",
         *       "updatedAt": "2026-03-01T09:15:00.000Z",
         *       "createdAt": "2026-02-27T18:40:00.000Z"
         *     }
         */
        PaymentLinkListItem: {
            /** @example link_5Gh7Jk9Lz2Xc4Vb6 */
            id: string;
            /** @example Plano Pro mensal */
            name: string;
            /**
             * @description The access (a public address of the link) shown in `accessFullUrl`.
             * @example acc_2Df4Gh6Jk8Lq0Wp3Zx7Cv9Bn
             */
            accessId: string;
            /**
             * Format: uri
             * @description Address to send to the payer.
             * @example https://pay.payments.example/c/acc_2Df4Gh6Jk8Lq0Wp3Zx7Cv9Bn
             */
            accessFullUrl: string;
            /**
             * Format: date-time
             * @example 2026-04-30T23:59:59.000Z
             */
            expiresAt: string | null;
            /**
             * Format: date-time
             * @example 2026-03-01T00:00:00.000Z
             */
            availableAt: string | null;
            /**
             * Format: date-time
             * @example 2026-03-01T09:15:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-02-27T18:40:00.000Z
             */
            createdAt: string;
        };
        /** @description A page of the merchant's payment links (light projection), newest first by default. */
        PaymentLinkList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 2
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["PaymentLinkListItem"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description A catalogue variant sold by a payment link, with its quantity. When the link is read, `name` and `unitPrice` are
         *     the variant's as they are now: a link always sells at the catalogue's current price, and a variant disabled after
         *     the link was made makes the link unavailable to payers until it is enabled again.
         */
        PaymentLinkItem: {
            /** @example var_9Kl3MnB6vCx1ZaQw */
            variantId: string;
            /**
             * Format: int32
             * @example 1
             */
            quantity: number;
            /**
             * @description The variant's name (shown to the payer).
             * @example Camiseta Acme (M)
             */
            readonly name?: string;
            /**
             * Format: int64
             * @description The variant's current unit price, in cents.
             * @example 7990
             */
            readonly unitPrice?: number;
        };
        /**
         * @description A payment method a payment link offers its payers (`credit` is a credit card).
         * @example pix
         * @enum {string}
         */
        PaymentLinkMethod: "pix" | "credit" | "billet";
        /**
         * @description A new payment link. Give either `items` (catalogue variants with quantities) or `amount` (a fixed amount sold under
         *     `name`), not both: neither or both is `400 invalidParameters`. A variant that is unknown is `422
         *     unprocessableEntity`; disabled (or of a disabled product), `422 variantDisabled`; listed twice, `422
         *     unprocessableEntity` (give its `quantity` instead). The items must add up, at the variants' current prices, to what
         *     one charge can carry (100 to 1000000000 cents, `422 unprocessableEntity` on `items`). A `recurring` link sells
         *     exactly one recurring variant with quantity 1 (`422 variantNotRecurring` for a one-time one; other shapes, an
         *     `amount`, or `maxInstallments` above 1, `422 unprocessableEntity`); a link that is not recurring sells one-time
         *     variants only (`422 unprocessableEntity` for a recurring one). `expiresAt` must be in the future and after
         *     `availableAt` (`422 unprocessableEntity`); `availableAt` may be in the past. `maxInstallments` applies to card
         *     payments and is kept even when `credit` is not among `methods`. Every `422` names the field in `params`
         *     (`items[1][variantId]`), and the fields are judged before the catalogue is read.
         */
        CreatePaymentLinkRequest: {
            /** @example Camiseta Acme */
            name: string;
            /**
             * @default
             * @example Algodão orgânico, entrega em 5 dias úteis.
             */
            description?: string;
            items?: components["schemas"]["PaymentLinkItem"][];
            /**
             * Format: int64
             * @description A fixed amount in cents (R$ 1,00 to R$ 1.000.000,00), when no `items` are given.
             * @example 15980
             */
            amount?: number;
            /**
             * @default [
             *       "pix",
             *       "credit",
             *       "billet"
             *     ]
             */
            methods?: components["schemas"]["PaymentLinkMethod"][];
            /**
             * Format: int32
             * @default 1
             */
            maxInstallments?: number;
            /** Format: date-time */
            availableAt?: string | null;
            /** Format: date-time */
            expiresAt?: string | null;
            /** Format: int64 */
            maxPayments?: number | null;
            /**
             * Format: uri
             * @description Where the payer is sent once, when the page sees the payment approved, with `checkoutSessionId` added to its query; the invoice page opened later links to it instead (see `PaymentLink.successUrl`). `http` or `https` only (anything else is `400 invalidParameters`); prefer `https`, as over `http` the session id travels in clear text.
             */
            successUrl?: string | null;
            /** Format: uri */
            cancelUrl?: string | null;
            /** @default false */
            recurring?: boolean;
            templateId?: string | null;
            /** @description Up to 50 key-value pairs of your own (keys up to 40 characters, values up to 500), copied onto every transaction or subscription the link makes, so they obey the same limits. */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @description Whether a payer who opens the link now can pay, and if not why; computed when the link is read, in this order:
         *     `disabled` (the merchant switched it off), `scheduled` (before `availableAt`), `expired` (after `expiresAt`),
         *     `soldOut` (`completedPayments` reached `maxPayments`), `fullyReserved` (not sold out, but every remaining place
         *     of `maxPayments` is held by a payment under way, `completedPayments` + `reservedPayments` reached `maxPayments`:
         *     a place comes back when one of those payments ends unpaid, so the link may open again), `unavailable` (a variant
         *     it sells is disabled, or its product is, or prices changed since put its `amount` out of what one charge carries:
         *     below 100 or above 1000000000 cents), else `open`. The checkout page shows a clear page for each of these instead
         *     of the form. New values may be added: treat one you do not know as "cannot be paid now".
         * @example open
         * @enum {string}
         */
        PaymentLinkAvailability: "open" | "disabled" | "scheduled" | "expired" | "soldOut" | "fullyReserved" | "unavailable";
        /**
         * @description A payment link: a checkout page the service hosts at `accessFullUrl`, where a payer sees what is sold and its
         *     total, chooses one of `methods` and pays. Every payment made on it is an ordinary transaction of the merchant
         *     (same engine, statuses, events and webhooks) carrying `paymentLinkId` and `checkoutSessionId`; a `recurring` link
         *     starts a subscription instead, whose first cycle's charge carries them.
         *
         *     What is sold is either catalogue variants with quantities (`items`, `amount` is then their current total) or a
         *     fixed `amount` under the link's `name` (`items` is `null`). `accessId` is random and unguessable: the public page
         *     never reveals the link's `id`, the merchant's other links or anything the payer does not need.
         *
         *     Each visit of the page opens a checkout session (see `CheckoutSession`); a session completed (its payment
         *     approved) counts in `completedPayments`, and once that reaches `maxPayments` the link is `soldOut`. A payment
         *     takes one of the `maxPayments` places when it starts (`reservedPayments`), and keeps it until it is approved
         *     (the place becomes a completed payment) or ends unpaid (failed, refused, canceled, expired: the place is given
         *     back), so approved payments never exceed `maxPayments`, however many payers start at once. While every place
         *     left is held, the link is `fullyReserved`.
         */
        PaymentLink: {
            /** @example link_5Gh7Jk9Lz2Xc4Vb6 */
            id: string;
            /**
             * @description Shown to the payer as the page's title (and as the one item of a fixed-amount link).
             * @example Camiseta Acme
             */
            name: string;
            /**
             * @description Shown to the payer under the title; may be empty.
             * @example Algodão orgânico, entrega em 5 dias úteis.
             */
            description: string;
            /**
             * @description The merchant's on/off switch (`disable`, `enable`); the list's `status` filters on it.
             * @example true
             */
            enabled: boolean;
            availability: components["schemas"]["PaymentLinkAvailability"];
            /**
             * @description The public, unguessable access to the link, in `accessFullUrl`: `acc_` and 24 random base62 characters
             *     (142 bits), unrelated to `id`. It never changes.
             * @example acc_2Df4Gh6Jk8Lq0Wp3Zx7Cv9Bn
             */
            accessId: string;
            /**
             * Format: uri
             * @description The checkout page to send to payers, under the service's public address (`PUBLIC_BASE_URL`).
             * @example https://pay.payments.example/c/acc_2Df4Gh6Jk8Lq0Wp3Zx7Cv9Bn
             */
            accessFullUrl: string;
            /** @description The variants sold, or `null` for a fixed-amount link. */
            items: components["schemas"]["PaymentLinkItem"][] | null;
            /**
             * Format: int64
             * @description What the payer pays, in cents (installments add no interest): the items' total at the catalogue's current
             *     prices. Prices changed since the link was written can take it out of what one charge carries (100 to
             *     1000000000): the link is then `unavailable` until they are changed back.
             * @example 15980
             */
            amount: number;
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            /**
             * @description The methods offered, in the order the page shows them.
             * @example [
             *       "pix",
             *       "credit",
             *       "billet"
             *     ]
             */
            methods: components["schemas"]["PaymentLinkMethod"][];
            /**
             * Format: int32
             * @description The most installments a card payer may choose (1 to 12); 1 for a recurring link.
             * @example 3
             */
            maxInstallments: number;
            /**
             * Format: date-time
             * @description Payers can pay from this moment; `null` from creation.
             * @example null
             */
            availableAt: string | null;
            /**
             * Format: date-time
             * @description Payers can pay until this moment; `null` without end.
             * @example 2026-12-31T23:59:59.000Z
             */
            expiresAt: string | null;
            /**
             * Format: int64
             * @description The most payments the link approves: completed payments after which it is `soldOut`, counting the payments
             *     under way against it (`reservedPayments`); `null` without limit. Lowered below `completedPayments` +
             *     `reservedPayments`, the payments already under way keep their places (each may still be approved) and no
             *     new one starts until the count is below it again.
             * @example 100
             */
            maxPayments: number | null;
            /**
             * Format: int64
             * @description Checkout sessions of the link completed with an approved payment (a refund later does not give the place back).
             * @example 12
             */
            completedPayments: number;
            /**
             * Format: int64
             * @description Payments started on the link and still under way (a card being processed, a PIX or billet not yet paid nor
             *     expired), each holding one place of `maxPayments` until it is approved (then counted in
             *     `completedPayments`) or ends unpaid (then given back). Counted on every link, capped or not.
             * @example 0
             */
            reservedPayments: number;
            /**
             * Format: uri
             * @description Where the payer is sent, once, at the moment the page sees the payment approved, with the checkout session's id added to the query as `checkoutSessionId` (the address's own query and fragment kept: `https://loja.example/obrigado?pedido=1042&checkoutSessionId=chs_…`). The invoice page opened again later shows the receipt with a "Voltar para a loja" link to the same address instead (the link is also all a browser without the page's script gets). Confirm the payment by its event, not by this visit. `null`: the page stays and says the payment is approved. An `http` or `https` address; prefer `https`: over `http` the session id travels in clear text.
             * @example https://loja.example/obrigado
             */
            successUrl: string | null;
            /**
             * Format: uri
             * @description Where the page's "back to the store" link leads; `null` hides it.
             * @example https://loja.example/carrinho
             */
            cancelUrl: string | null;
            /**
             * @description True when paying starts a subscription to the link's one recurring variant (quantity 1).
             * @example false
             */
            recurring: boolean;
            /**
             * @description The checkout template the link was made from, as the merchant's panel names it; filters the list.
             * @example null
             */
            templateId: string | null;
            /**
             * @description The merchant's own key-value pairs; `{}` when none. Copied onto every transaction made on the link.
             * @example {
             *       "campanha": "black-friday"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-11-20T10:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-20T10:00:00.000Z
             */
            updatedAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Changes to a payment link: a field omitted is kept, a nullable field sent as `null` is cleared, and `metadata` sent
         *     replaces the whole object (send every pair to keep). The same rules as at creation apply to the result (`items`
         *     and `amount` replace each other: sending one clears the other, sending both is `400 invalidParameters`), with two
         *     exceptions that keep an old link changeable: only an `expiresAt` this request changes must be in the future (an
         *     expired link can be renamed, sent back whole with its past `expiresAt`, or reopened with `expiresAt: null`), and `items` not sent are not judged against the
         *     catalogue again (a variant disabled since makes the link `unavailable`, not unchangeable). Payments already
         *     started keep the amount they started with; `accessId` never changes. `enabled` is changed by `disable` and
         *     `enable`, `recurring` is fixed at creation (sending either is `400 invalidParameters`). An empty body, or one
         *     that changes nothing, writes nothing and keeps `updatedAt`.
         */
        UpdatePaymentLinkRequest: {
            name?: string;
            description?: string;
            items?: components["schemas"]["PaymentLinkItem"][];
            /** Format: int64 */
            amount?: number;
            methods?: components["schemas"]["PaymentLinkMethod"][];
            /** Format: int32 */
            maxInstallments?: number;
            /** Format: date-time */
            availableAt?: string | null;
            /** Format: date-time */
            expiresAt?: string | null;
            /** Format: int64 */
            maxPayments?: number | null;
            /**
             * Format: uri
             * @description Where the payer is sent once, when the page sees the payment approved, with `checkoutSessionId` added to its query; the invoice page opened later links to it instead (see `PaymentLink.successUrl`). `http` or `https` only (anything else is `400 invalidParameters`); prefer `https`, as over `http` the session id travels in clear text.
             */
            successUrl?: string | null;
            /** Format: uri */
            cancelUrl?: string | null;
            templateId?: string | null;
            /** @description Up to 50 key-value pairs of your own (keys up to 40 characters, values up to 500), copied onto every transaction or subscription the link makes, so they obey the same limits. */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @description Figures of the checkout sessions (a payer opening a payment link or checkout page) started in a period of UTC
         *     calendar days, both ends inclusive. A session is `completed` when it ended with an approved transaction and
         *     `abandoned` when it expired (24 hours without activity) without one; sessions still open are neither, so
         *     `started` ≥ `completed` + `abandoned`. `conversionRate` is `completed / started`, between 0 and 1 and rounded to
         *     4 decimals (0 when nothing started). Amounts are in cents and count approved transactions of the period's sessions.
         */
        CheckoutSessionAnalytics: {
            period: {
                /**
                 * Format: date
                 * @example 2026-03-01
                 */
                initdate: string;
                /**
                 * Format: date
                 * @example 2026-03-03
                 */
                enddate: string;
            };
            sessions: {
                /**
                 * Format: int64
                 * @example 420
                 */
                started: number;
                /**
                 * Format: int64
                 * @example 189
                 */
                completed: number;
                /**
                 * Format: int64
                 * @example 214
                 */
                abandoned: number;
            };
            /** @example 0.45 */
            conversionRate: number;
            amounts: {
                /**
                 * Format: int64
                 * @description Sum of the approved transactions of the period's sessions, in cents.
                 * @example 1152300
                 */
                approvedAmount: number;
                /**
                 * @example BRL
                 * @enum {string}
                 */
                currency: "BRL";
            };
            /** @description One entry per payment method, always all three, in the order `pix`, `credit`, `billet`. */
            byMethod: {
                /**
                 * @example pix
                 * @enum {string}
                 */
                method: "pix" | "credit" | "billet";
                /**
                 * Format: int64
                 * @description Sessions in which the payer chose this method.
                 * @example 250
                 */
                sessions: number;
                /**
                 * Format: int64
                 * @description Of those, sessions completed with this method.
                 * @example 130
                 */
                approved: number;
                /**
                 * Format: int64
                 * @description Approved amount with this method, in cents.
                 * @example 741000
                 */
                amount: number;
            }[];
            /** @description One entry per day of the period, days without sessions included; ordered by `sort`. */
            byDay: {
                /**
                 * Format: date
                 * @example 2026-03-01
                 */
                date: string;
                /**
                 * Format: int64
                 * @description Sessions started that day.
                 * @example 140
                 */
                sessions: number;
                /**
                 * Format: int64
                 * @description Of those, sessions completed.
                 * @example 61
                 */
                completed: number;
            }[];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description An amount in BRL given twice: `cents`, the exact integer to compute with, and `decimal`, the same value in reais
         *     (`cents / 100`, two decimal places) for display only.
         * @example {
         *       "cents": 9103,
         *       "decimal": 91.03
         *     }
         */
        Money: {
            /**
             * Format: int64
             * @description The amount in cents; negative only where a field says it may be.
             * @example 9103
             */
            cents: number;
            /**
             * @description The amount in reais; never compute with it.
             * @example 91.03
             */
            decimal: number;
        };
        /**
         * @description What charging `original` by one payment method costs the merchant, under its fee plan (or under the `fee`
         *     percentage asked for). All amounts are `Money` objects; `cents` is the exact value.
         *
         *     - `original`: the amount asked for (`amount` in the query), the amount the payer pays.
         *     - `totalFees`: the fees the service keeps: the percentage (`feePercentage`) of `original`, rounded half up to the
         *       cent, plus the flat fee (`fixedFee`).
         *     - `amount`: what the merchant receives, `original − totalFees`. It can be negative when a flat fee exceeds a
         *       small amount (a billet of R$ 1.00).
         *
         *     The default plan charges `pix` 0.99 %, `billet` a flat R$ 3.49 (349 cents), and `credit` 3.99 % plus 2.49 % per
         *     installment after the first (3 installments: 3.99 + 2 × 2.49 = 8.97 %). `installments` breaks the charge into
         *     what is settled when: `pix` on the day it is paid (`settlesInDays` 0), `billet` one day later, and card
         *     installment `n` 30 × `n` days after payment. The payer's amount and the fees are split evenly between the
         *     installments, the first one taking the cents left over.
         */
        PaymentMethodSimulation: {
            /**
             * @description The merchant's fee plan, `default` for the standard plan or the id of a negotiated plan (`plan_`).
             * @example default
             */
            planId: string;
            /**
             * @description The payment method simulated (echoes `method`).
             * @example credit
             * @enum {string}
             */
            resource: "pix" | "credit" | "billet";
            /**
             * @description True when the fees do not come from the standard plan, because `fee` was given or the merchant has a negotiated plan.
             * @example false
             */
            isCustom: boolean;
            /**
             * Format: int32
             * @description Number of installments simulated (always 1 for `pix` and `billet`).
             * @example 3
             */
            installment: number;
            /**
             * @description Percentage of `original` charged as fee, installment surcharge included; `null` when the plan charges a flat fee only.
             * @example 8.97
             */
            feePercentage: number | null;
            fixedFee: components["schemas"]["Money"];
            amount: components["schemas"]["Money"];
            original: components["schemas"]["Money"];
            totalFees: components["schemas"]["Money"];
            /** @description One entry per installment, in order. */
            installments: {
                /**
                 * Format: int32
                 * @example 1
                 */
                number: number;
                amount: components["schemas"]["Money"];
                fees: components["schemas"]["Money"];
                net: components["schemas"]["Money"];
                /**
                 * Format: int64
                 * @description Days after the payment on which this installment is expected in the merchant's balance.
                 * @example 30
                 */
                settlesInDays: number;
            }[];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description One role an API key can hold, with the permissions it grants. A permission is `<area>:<action>`:
         *     `<area>:read` allows the `GET` operations of that area, `<area>:write` its `POST`, `PUT` and `DELETE` operations;
         *     `transactions:refund` allows `POST /v1/transactions/{transactionId}/refunds` on its own; `sandbox:write` allows the
         *     sandbox simulations and the changes of sandbox test clocks, `sandbox:read` reading the clocks; `keys:manage` and `account:manage` are used by the administrative panel, the dashboard at `/dashboard` (`keys:manage`:
         *     the API keys and the team, inviting people with a role no stronger than one's own; `account:manage`: closing the
         *     account and transferring its ownership). Areas: `transactions`, `sandbox`, `customers`, `addresses`,
         *     `wallets`, `variants` (products and variants: the catalogue), `subscriptions`, `checkouts`, `simulators`, `webhooks`, `roles`, `keys`, `account`.
         * @example {
         *       "id": "finance",
         *       "name": "Finance",
         *       "description": "Reads everything and refunds transactions.",
         *       "permissions": [
         *         "addresses:read",
         *         "balance:read",
         *         "checkouts:read",
         *         "customers:read",
         *         "roles:read",
         *         "simulators:read",
         *         "subscriptions:read",
         *         "transactions:read",
         *         "transactions:refund",
         *         "variants:read",
         *         "wallets:read",
         *         "webhooks:read",
         *         "withdrawals:read"
         *       ],
         *       "readOnly": false
         *     }
         */
        Role: {
            /**
             * @example developer
             * @enum {string}
             */
            id: "owner" | "admin" | "developer" | "finance" | "read-only";
            /**
             * @description Display name.
             * @example Developer
             */
            name: string;
            /** @example Full access to the API except key management. */
            description: string;
            /**
             * @description The permissions granted, sorted alphabetically.
             * @example [
             *       "addresses:read",
             *       "addresses:write",
             *       "transactions:read",
             *       "transactions:refund",
             *       "transactions:write"
             *     ]
             */
            permissions: string[];
            /**
             * @description True when the role can only read (its permissions are all `:read`).
             * @example false
             */
            readOnly: boolean;
        };
        /**
         * @description The catalogue of roles an API key can hold, and the role of the key that made the call (`current`) with its mode.
         *     The catalogue is fixed in `v1` (no custom roles) and always lists the five roles, from the most to the least
         *     powerful: `owner` and `admin` (full access), `developer` (full minus key management), `finance` (read and
         *     refunds), `read-only` (`GET` only). A key's role is chosen in the administrative panel when the key is made; an
         *     operation outside its permissions is `403 forbidden`. Every role may call `GET /v1/utils/roles-of-user`.
         */
        RoleCatalog: {
            roles: components["schemas"]["Role"][];
            /**
             * @description The `id` of the role of the key that made this call.
             * @example developer
             * @enum {string}
             */
            current: "owner" | "admin" | "developer" | "finance" | "read-only";
            /**
             * @description Mode of the key that made this call (`sk_test_` keys are sandbox, `sk_live_` keys production).
             * @example sandbox
             * @enum {string}
             */
            mode: "sandbox" | "production";
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description A URL of the merchant that receives the events it subscribes to, in the mode (sandbox or production) of the key
         *     that registered it. The signing `secret` is shown only once through the API, in the answer to the registration (the
         *     merchant dashboard reveals it again, on demand, to a person whose role may change webhooks, and records who did in
         *     its audit trail); the value of the configured authorization header is never shown in full (`headerAuthorization`
         *     is masked).
         *
         *     An endpoint whose attempts have all failed for 5 days in a row (`failingSince` more than 5 days ago) is disabled
         *     (`enabled: false`, `disabledReason: failing`) and its pending dispatches are canceled, unless `forceActive` is
         *     true. Any successful delivery ends the failure streak; re-enabling it with `PUT /v1/webhooks/{webhookId}` starts
         *     a new one.
         */
        WebhookEndpoint: {
            /** @example wbe_4Tg8YhU2jIk6OlPm */
            id: string;
            /** @example Order service */
            name: string;
            /**
             * Format: uri
             * @description The URL events are POSTed to. Unique per merchant and mode.
             * @example https://hooks.acme.com.br/payments
             */
            endpoint: string;
            /**
             * @description False when the merchant disabled the endpoint or the service did (see `disabledReason`); a disabled endpoint gets no dispatches.
             * @example true
             */
            enabled: boolean;
            /**
             * @description Event types the endpoint is subscribed to.
             * @example [
             *       "transaction.approved",
             *       "transaction.failed",
             *       "transaction.refunded",
             *       "customer.updated"
             *     ]
             */
            events: components["schemas"]["WebhookEventType"][];
            /**
             * @description When true the endpoint is never disabled for failing; its dispatches keep being retried on the normal schedule.
             * @example false
             */
            forceActive: boolean;
            /**
             * @description Kind of `Authorization` header sent on deliveries; `null` when none is configured.
             * @example bearer
             * @enum {string|null}
             */
            headerAuthorizationType: "basic" | "bearer" | "raw" | null;
            /**
             * @description The configured authorization value, masked (`****` and its last 4 characters, or `****` alone for a value shorter than 12 characters); `null` when none is configured.
             * @example ****3f9a
             */
            headerAuthorization: string | null;
            /**
             * Format: int64
             * @description Delivery attempts made to this endpoint, successful or not, since it was registered.
             * @example 1280
             */
            shotsQty: number;
            /**
             * Format: int64
             * @description Of `shotsQty`, the attempts that failed.
             * @example 12
             */
            failedShotsQty: number;
            /**
             * Format: date-time
             * @description When the latest attempt to this endpoint was made, successful or not; `null` before the first.
             * @example 2026-03-14T12:31:05.120Z
             */
            lastDeliveryAt: string | null;
            /**
             * Format: date-time
             * @description Start of the current streak of failed attempts; `null` when the latest attempt succeeded or there was none.
             * @example null
             */
            failingSince: string | null;
            /**
             * @description Why `enabled` is false, `manual` (the merchant) or `failing` (5 days of failures); `null` while enabled.
             * @example null
             * @enum {string|null}
             */
            disabledReason: "manual" | "failing" | null;
            /**
             * @description The merchant's own key-value pairs.
             * @example {
             *       "team": "checkout"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @example 2026-01-10T09:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-03-14T12:31:05.120Z
             */
            updatedAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /** @description A page of the merchant's webhook endpoints in the key's mode, newest first by default. Secrets are never listed. */
        WebhookEndpointList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 1
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["WebhookEndpoint"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Registration of a webhook endpoint (`POST /v1/webhooks`). `name`, `endpoint` and `events` are required; the other
         *     fields take their defaults. `headerAuthorization` and `headerAuthorizationType` go together: send both or neither.
         *
         *     The `endpoint` must be an absolute `https` URL for production keys, on a host that resolves to public addresses
         *     only (loopback, private, link-local and other reserved addresses are refused with `422 webhookEndpointNotAllowed`,
         *     and the check is repeated on every delivery against DNS rebinding). Sandbox keys may use `http`, and loopback or
         *     private addresses where the service allows them: a service running on one machine (local development) does by
         *     default, a hosted one refuses them as for production (`422 webhookEndpointNotAllowed`). Answers from such
         *     addresses are never stored in the delivery history (`WebhookDispatch.responseBody`).
         */
        CreateWebhookRequest: {
            /**
             * @description A label for people.
             * @example Order service
             */
            name: string;
            /**
             * Format: uri
             * @description The URL to POST events to. At most one endpoint per URL per merchant and mode (`409 webhookEndpointAlreadyExists`).
             * @example https://hooks.acme.com.br/payments
             */
            endpoint: string;
            /**
             * @description Event types to subscribe to.
             * @example [
             *       "transaction.approved",
             *       "transaction.failed",
             *       "transaction.refunded",
             *       "customer.updated"
             *     ]
             */
            events: components["schemas"]["WebhookEventType"][];
            /**
             * @description Never disable the endpoint for failing (see `WebhookEndpoint`).
             * @default false
             * @example false
             */
            forceActive?: boolean;
            /**
             * @description False registers the endpoint switched off; it gets no dispatches until enabled.
             * @default true
             * @example true
             */
            enabled?: boolean;
            /**
             * @description Value of the `Authorization` header sent on every delivery, stored encrypted and never shown again in full.
             *     With `basic` it is `user:password` and is sent as `Basic <base64 of the value>`; with `bearer` it is the token
             *     and is sent as `Bearer <value>`; with `raw` it is sent exactly as given.
             * @example 7c1e4b2a9d8f4e6a3f9a
             */
            headerAuthorization?: string;
            /**
             * @description How `headerAuthorization` is sent.
             * @example bearer
             * @enum {string}
             */
            headerAuthorizationType?: "basic" | "bearer" | "raw";
            /**
             * @description Up to 50 key-value pairs of the merchant's own (keys up to 40 characters, values up to 500).
             * @example {
             *       "team": "checkout"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @description A webhook endpoint as the registration answers it: the endpoint plus its signing `secret`. This is the only answer
         *     that shows the secret (an idempotent replay of the registration within 24 hours shows the stored answer again);
         *     keep it in configuration, never in code. There is no way to read it later: a lost secret means deleting the
         *     endpoint and registering it again.
         */
        WebhookEndpointWithSecret: components["schemas"]["WebhookEndpoint"] & {
            /**
             * @description Signing secret of the endpoint. `X-Service-Signature` is the HMAC-SHA256 keyed with this whole string
             *     (prefix included) as UTF-8; for the Standard Webhooks `webhook-signature` the key is the base64-decoded
             *     part after `whsec_`.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            readonly secret: string;
        };
        /**
         * @description Registration of a webhook endpoint in the second shape the service accepts (`POST /v1/webhooks/endpoints`). It
         *     creates the same resource as `POST /v1/webhooks`: `forceActivities` means `forceActive`, and `authorization`
         *     means the pair `headerAuthorizationType` / `headerAuthorization`. The endpoint is registered enabled and without
         *     metadata. The rules on `endpoint` are those of `CreateWebhookRequest`.
         */
        CreateWebhookEndpointRequest: {
            /** @example Order service */
            name: string;
            /**
             * Format: uri
             * @example https://hooks.acme.com.br/payments
             */
            endpoint: string;
            /**
             * @example [
             *       "transaction.approved",
             *       "transaction.failed"
             *     ]
             */
            events: components["schemas"]["WebhookEventType"][];
            /**
             * @description Same meaning as `forceActive`.
             * @default false
             * @example false
             */
            forceActivities?: boolean;
            /**
             * @description The `Authorization` header sent on deliveries (see `headerAuthorization` of `CreateWebhookRequest`).
             * @example {
             *       "type": "basic",
             *       "value": "acme:s3cr3t-pa55"
             *     }
             */
            authorization?: {
                /**
                 * @example basic
                 * @enum {string}
                 */
                type: "basic" | "bearer" | "raw";
                /** @example acme:s3cr3t-pa55 */
                value: string;
            };
        };
        /**
         * @description Full replacement of the writable fields of a webhook endpoint (`PUT /v1/webhooks/{webhookId}`), the same
         *     convention as `PUT /v1/addresses/{addressId}`: the body carries every required field, and an omitted optional
         *     field is reset (`metadata` to `{}`). The one exception is the authorization header, because its value can never be
         *     read back: omit both `headerAuthorization` and `headerAuthorizationType` to keep the configured header, send both
         *     as `null` to remove it, or send both with values to replace it. The rules on `endpoint` are those of
         *     `CreateWebhookRequest`.
         */
        UpdateWebhookRequest: {
            /** @example Order service */
            name: string;
            /**
             * Format: uri
             * @example https://hooks.acme.com.br/payments/v2
             */
            endpoint: string;
            /**
             * @example [
             *       "transaction.approved",
             *       "transaction.failed",
             *       "transaction.refunded",
             *       "transaction.chargeback",
             *       "customer.updated"
             *     ]
             */
            events: components["schemas"]["WebhookEventType"][];
            /**
             * @description Switching a disabled endpoint back on clears `disabledReason` and `failingSince` (a new failure streak starts from zero).
             * @example true
             */
            enabled: boolean;
            /** @example false */
            forceActive: boolean;
            /** @example 9b2d6e1f0a4c8e7d5a21 */
            headerAuthorization?: string | null;
            /**
             * @example bearer
             * @enum {string|null}
             */
            headerAuthorizationType?: "basic" | "bearer" | "raw" | null;
            /**
             * @example {
             *       "team": "checkout"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @description State of one dispatch (the delivery of one event to one endpoint).
         *
         *     | from | trigger | to |
         *     |---|---|---|
         *     | (none) | the event is recorded and the endpoint is enabled and subscribed to its type, or a redelivery is asked | `pending` |
         *     | `pending` | the time of the next attempt comes (the first attempt is made at once) | `delivering` |
         *     | `delivering` | the endpoint answers any `2xx` within 15 seconds | `succeeded` |
         *     | `delivering` | the attempt fails (non-`2xx` status, a redirect, a time-out, a connection or TLS error) and attempts remain | `pending` (`nextAttemptAt` set) |
         *     | `delivering` | the eighth and last attempt fails | `failed` |
         *     | `pending` | the endpoint is deleted, disabled or moved to another URL before the next attempt | `canceled` |
         *     | `delivering` | the worker making the attempt stopped, and then the endpoint is deleted, disabled or moved | `canceled` |
         *     | `delivering` | the worker making the last attempt stopped before its outcome was known | `failed` |
         *     | `delivering` | the worker making an attempt stopped before its outcome was known and attempts remain: the attempt is made again | `delivering` |
         *     | `pending` | the delivery itself kept failing inside the service (not the endpoint's answers) until its retries ran out | `failed` |
         *
         *     `succeeded`, `failed` and `canceled` are final: a dispatch is never revived. Asking for a redelivery creates a new
         *     dispatch.
         * @example succeeded
         * @enum {string}
         */
        WebhookDispatchStatus: "pending" | "delivering" | "succeeded" | "failed" | "canceled";
        /**
         * @description The delivery of one event to one endpoint, with the outcome of its latest attempt. A dispatch makes at most 8
         *     attempts with the standard retry schedule (the operator of a deployment may set another, of up to 50 retries):
         *     the first at once, then retries about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after the previous failure, each
         *     delay with random jitter of up to 10 %; a `Retry-After` in the endpoint's answer is honoured up to
         *     1 hour. The response fields describe the latest attempt and are `null` while no attempt has been made; the body
         *     of an answer from a non-public address is never stored (`responseBody`).
         * @example {
         *       "id": "wdi_6Yh5Tg4Rf3Ed2Ws1",
         *       "eventId": "wbh_7Rf3EdC9wSx5QaZk",
         *       "endpointId": "wbe_4Tg8YhU2jIk6OlPm",
         *       "endpoint": "https://hooks.acme.com.br/payments",
         *       "source": "automatic",
         *       "status": "succeeded",
         *       "attempts": 1,
         *       "responseStatusCode": 200,
         *       "responseBody": "{\"received\":true}",
         *       "responseTime": 182,
         *       "lastError": null,
         *       "nextAttemptAt": null,
         *       "lastAttemptAt": "2026-03-14T12:31:05.120Z",
         *       "successAt": "2026-03-14T12:31:05.302Z",
         *       "createdAt": "2026-03-14T12:31:05.000Z"
         *     }
         */
        WebhookDispatch: {
            /** @example wdi_6Yh5Tg4Rf3Ed2Ws1 */
            id: string;
            /**
             * @description The event delivered.
             * @example wbh_7Rf3EdC9wSx5QaZk
             */
            eventId: string;
            /**
             * @description The endpoint delivered to; kept after the endpoint is deleted.
             * @example wbe_4Tg8YhU2jIk6OlPm
             */
            endpointId: string;
            /**
             * Format: uri
             * @description The endpoint's URL at the time the dispatch was created.
             * @example https://hooks.acme.com.br/payments
             */
            endpoint: string;
            /**
             * @description `automatic` for a dispatch created when the event happened, `manual` for one created by
             *     `POST /v1/webhooks/events/{eventId}/redeliver`. The delivery body's `source` carries this value.
             * @example automatic
             * @enum {string}
             */
            source: "automatic" | "manual";
            status: components["schemas"]["WebhookDispatchStatus"];
            /**
             * Format: int32
             * @description Attempts made so far, from 0 to one more than the deployment's retry schedule lists (8 with the standard schedule).
             * @example 1
             */
            attempts: number;
            /**
             * Format: int32
             * @description HTTP status of the latest attempt's answer; `null` before the first attempt or when no answer came (time-out, connection error).
             * @example 200
             */
            responseStatusCode: number | null;
            /**
             * @description The latest answer's body, cut to its first 4 KiB (4096 bytes, as UTF-8 text); `null` when no answer came, and
             *     `null` when the answer came from a loopback, private or other non-public address (a sandbox endpoint on a
             *     developer's machine): such answers are never stored, since on a hosted service those addresses are the
             *     service's own network and the history would make their answers readable. `responseStatusCode` and
             *     `responseTime` are recorded either way.
             * @example {"received":true}
             */
            responseBody: string | null;
            /**
             * @description Time from sending the request to receiving the whole answer in the latest attempt, in milliseconds; `null` before the first attempt. A time-out shows 15000.
             * @example 182
             */
            responseTime: number | null;
            /**
             * @description Why the latest attempt failed when it got no usable answer (`timeout`, `connectionRefused`, `dnsError`, `tlsError`, `redirect`, `addressNotAllowed`) or the answer was not `2xx` (`httpStatus`); `null` after a success or before the first attempt.
             * @example null
             * @enum {string|null}
             */
            lastError: "timeout" | "connectionRefused" | "dnsError" | "tlsError" | "redirect" | "addressNotAllowed" | "httpStatus" | null;
            /**
             * Format: date-time
             * @description When the next attempt is due; `null` once the dispatch is final.
             * @example null
             */
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             * @description When the latest attempt started; `null` before the first attempt.
             * @example 2026-03-14T12:31:05.120Z
             */
            lastAttemptAt: string | null;
            /**
             * Format: date-time
             * @description When the endpoint confirmed receipt; `null` unless `status` is `succeeded`.
             * @example 2026-03-14T12:31:05.302Z
             */
            successAt: string | null;
            /**
             * Format: date-time
             * @example 2026-03-14T12:31:05.000Z
             */
            createdAt: string;
        };
        /**
         * @description Something that happened to a resource of the merchant, recorded in the same database transaction as the change
         *     (so no event is lost and none is sent for a change that did not happen), with its dispatches to the endpoints
         *     subscribed to its type at that moment. Events and their dispatches are kept for 30 days.
         *
         *     `delivered` is true when the event has at least one dispatch and every dispatch that was not canceled has
         *     succeeded. The `status` filter of `GET /v1/webhooks/events` reads the dispatches the same way: `pending` while any
         *     dispatch is `pending` or `delivering`; otherwise `failed` when any dispatch is `failed`; otherwise `delivered`.
         *     An event that no endpoint was subscribed to has no dispatches and matches none of the three.
         */
        WebhookEvent: {
            /**
             * @description The event id; also the delivery body's `id` and the `webhook-id` header, the same on every attempt and redelivery. Deduplicate on it.
             * @example wbh_7Rf3EdC9wSx5QaZk
             */
            id: string;
            type: components["schemas"]["WebhookEventType"];
            /**
             * @description Kind of resource the event is about (the part of `type` before the dot).
             * @example transaction
             * @enum {string}
             */
            resource: "transaction" | "customer" | "withdrawal" | "subscription" | "cycle" | "checkout";
            /**
             * @description Id of the resource the event is about.
             * @example tra_8Hq2LmZx4RtY7vKc
             */
            resourceId: string;
            /**
             * @description How the event came to be: `automatic`, a state change of the resource. (`manual` marks a redelivery asked
             *     through the API; it appears on dispatches and in delivery bodies, not on events recorded by state changes.)
             * @example automatic
             * @enum {string}
             */
            source: "automatic" | "manual";
            /**
             * @description True when at least one dispatch exists and every dispatch that was not canceled has succeeded.
             * @example true
             */
            delivered: boolean;
            /**
             * Format: int64
             * @description Attempts made over all the event's dispatches.
             * @example 1
             */
            attempts: number;
            /**
             * Format: date-time
             * @description When the change happened; also the delivery body's `createdAt`.
             * @example 2026-03-14T12:31:05.000Z
             */
            createdAt: string;
            /** @description The event's dispatches, oldest first (redeliveries come after the automatic ones). */
            dispatches: components["schemas"]["WebhookDispatch"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description A page of webhook events, newest first by default. Each record is the whole event with its dispatches (events are
         *     small, and their dispatches are what the list is read for).
         */
        WebhookEventList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 2
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["WebhookEvent"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Optional body of `POST /v1/webhooks/events/{eventId}/redeliver`. Without `endpointId` the event is sent again to
         *     every endpoint that is enabled and subscribed to its type now; with it, only to that endpoint, which must be
         *     enabled and subscribed to the event's type. `listen` says whether it is also sent again on the sandbox's event
         *     stream, to every running `payments listen`.
         */
        RedeliverWebhookEventRequest: {
            /**
             * @description The one endpoint to deliver to.
             * @example wbe_4Tg8YhU2jIk6OlPm
             */
            endpointId?: string;
            /**
             * @description Also send the event again on the sandbox's event stream (`GET /v1/sandbox/events/stream`), so that every
             *     `payments listen` running for the merchant forwards it again. Default: `true` for a sandbox event sent without
             *     `endpointId` (as `stripe events resend` reaches `stripe listen`), `false` otherwise. `true` with a production
             *     key is `403 sandboxOnly`: production has no event stream.
             * @example true
             */
            listen?: boolean;
        };
        /**
         * @description One request made with a key of the merchant in this mode, as the request log keeps it: never its bodies,
         *     headers, query string or key.
         */
        RequestLog: {
            /**
             * @description The log entry's id (also its `id:` on the stream).
             * @example req_3Fk8Lp2Qx7Vb9Nm4
             */
            id: string;
            /**
             * @example POST
             * @enum {string}
             */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
            /**
             * @description The path requested, without its query string.
             * @example /v1/transactions
             */
            path: string;
            /**
             * Format: int32
             * @description The HTTP status of the answer.
             * @example 201
             */
            status: number;
            /**
             * @description The `code` of the error envelope of a refused request; null for a success.
             * @example null
             */
            errorCode: string | null;
            /**
             * @description The `X-Correlation-Id` of the answer.
             * @example corr_7fJ2kq9XbT4mWc1R
             */
            correlationId: string;
            /**
             * @description The id of the key that made the request (never the key itself).
             * @example key_9Bn4Vc6Xz8Lk2Jh5
             */
            keyId: string;
            /**
             * Format: int32
             * @description Milliseconds from the request's arrival to the end of its answer. A stream is recorded when it closes, with its
             *     whole lifetime; one open longer than about 24.8 days reports the maximum, 2147483647.
             * @example 42
             */
            durationMs: number;
            /**
             * Format: date-time
             * @description When the request arrived.
             * @example 2026-11-27T15:30:01.123Z
             */
            createdAt: string;
        };
        /** @description A page of the request log, newest first. */
        RequestLogList: {
            /**
             * Format: int64
             * @example 0
             */
            offset: number;
            /**
             * Format: int32
             * @example 20
             */
            limit: number;
            /**
             * Format: int64
             * @description Records matching the query (exact).
             * @example 2
             */
            total: number;
            /** @example false */
            hasMore: boolean;
            page: components["schemas"]["Page"];
            data: components["schemas"]["RequestLog"][];
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Body of a delivery of a `transaction.*` event. Nothing else is ever at the root: the transaction is only in
         *     `payload.object`, exactly as `GET /v1/transactions/{transactionId}` returned it right after the change the event
         *     reports. Sign-check the raw bytes before parsing (see the Webhooks chapter).
         */
        TransactionWebhookDelivery: {
            /**
             * @description The event id; the same on every attempt and every redelivery. Deduplicate on it.
             * @example wbh_7Rf3EdC9wSx5QaZk
             */
            id: string;
            /**
             * @example transaction.approved
             * @enum {string}
             */
            type: "transaction.created" | "transaction.pre-authorized" | "transaction.approved" | "transaction.failed" | "transaction.refused" | "transaction.canceled" | "transaction.partially-refunded" | "transaction.refunded" | "transaction.dispute" | "transaction.chargeback" | "transaction.analyzing" | "transaction.fraud-review" | "transaction.awaiting";
            /**
             * @description `automatic` for the delivery of a state change, `manual` for a redelivery asked through the API.
             * @example automatic
             * @enum {string}
             */
            source: "automatic" | "manual";
            payload: {
                object: components["schemas"]["Transaction"];
            };
            /**
             * Format: date-time
             * @description When the change happened (not when this attempt was made).
             * @example 2026-03-14T12:31:05.000Z
             */
            createdAt: string;
        };
        /**
         * @description Body of a delivery of a `customer.*` event. Nothing else is ever at the root: the customer is only in
         *     `payload.object`, exactly as `GET /v1/customers/{customerId}` returned it right after the change the event
         *     reports. Sign-check the raw bytes before parsing (see the Webhooks chapter).
         */
        CustomerWebhookDelivery: {
            /**
             * @description The event id; the same on every attempt and every redelivery. Deduplicate on it.
             * @example wbh_7Rf3EdC9wSx5QaZk
             */
            id: string;
            /**
             * @example customer.updated
             * @enum {string}
             */
            type: "customer.created" | "customer.updated";
            /**
             * @description `automatic` for the delivery of a state change, `manual` for a redelivery asked through the API.
             * @example automatic
             * @enum {string}
             */
            source: "automatic" | "manual";
            payload: {
                object: components["schemas"]["Customer"];
            };
            /**
             * Format: date-time
             * @description When the change happened (not when this attempt was made).
             * @example 2026-03-14T12:31:05.000Z
             */
            createdAt: string;
        };
        /**
         * @description Body of a delivery of a `withdrawal.*` event. Nothing else is ever at the root: the withdrawal is only in
         *     `payload.object`, exactly as `GET /v1/withdrawals/{withdrawalId}` returned it right after the change the event
         *     reports. Sign-check the raw bytes before parsing (see the Webhooks chapter).
         */
        WithdrawalWebhookDelivery: {
            /**
             * @description The event id; the same on every attempt and every redelivery. Deduplicate on it.
             * @example wbh_7Rf3EdC9wSx5QaZk
             */
            id: string;
            /**
             * @example withdrawal.paid
             * @enum {string}
             */
            type: "withdrawal.created" | "withdrawal.paid" | "withdrawal.failed";
            /**
             * @description `automatic` for the delivery of a state change, `manual` for a redelivery asked through the API.
             * @example automatic
             * @enum {string}
             */
            source: "automatic" | "manual";
            payload: {
                object: components["schemas"]["Withdrawal"];
            };
            /**
             * Format: date-time
             * @description When the change happened (not when this attempt was made).
             * @example 2026-03-14T12:31:05.000Z
             */
            createdAt: string;
        };
        /**
         * @description Body of a delivery of a `subscription.*` event. The subscription is only in `payload.object`, exactly as
         *     `GET /v1/subscriptions/{subscriptionId}` returned it right after the change the event reports. Sign-check the raw
         *     bytes before parsing (see the Webhooks chapter).
         */
        SubscriptionWebhookDelivery: {
            /**
             * @description The event id; the same on every attempt and every redelivery. Deduplicate on it.
             * @example wbh_7Rf3EdC9wSx5QaZk
             */
            id: string;
            /**
             * @example subscription.activated
             * @enum {string}
             */
            type: "subscription.created" | "subscription.activated" | "subscription.past-due" | "subscription.paused" | "subscription.resumed" | "subscription.unpaid" | "subscription.canceled" | "subscription.expired";
            /**
             * @description `automatic` for the delivery of a state change, `manual` for a redelivery asked through the API.
             * @example automatic
             * @enum {string}
             */
            source: "automatic" | "manual";
            payload: {
                object: components["schemas"]["Subscription"];
            };
            /**
             * Format: date-time
             * @description When the change happened (not when this attempt was made).
             * @example 2026-03-14T12:31:05.000Z
             */
            createdAt: string;
        };
        /**
         * @description Body of a delivery of a `cycle.*` event. The billing cycle is only in `payload.object`, exactly as the
         *     cycles list (`GET /v1/subscriptions/{subscriptionId}/cycles`) showed it right after the change the event reports. Sign-check the raw
         *     bytes before parsing (see the Webhooks chapter).
         */
        BillingCycleWebhookDelivery: {
            /**
             * @description The event id; the same on every attempt and every redelivery. Deduplicate on it.
             * @example wbh_7Rf3EdC9wSx5QaZk
             */
            id: string;
            /**
             * @example cycle.paid
             * @enum {string}
             */
            type: "cycle.billed" | "cycle.paid" | "cycle.failed";
            /**
             * @description `automatic` for the delivery of a state change, `manual` for a redelivery asked through the API.
             * @example automatic
             * @enum {string}
             */
            source: "automatic" | "manual";
            payload: {
                object: components["schemas"]["BillingCycle"];
            };
            /**
             * Format: date-time
             * @description When the change happened (not when this attempt was made).
             * @example 2026-03-14T12:31:05.000Z
             */
            createdAt: string;
        };
        /**
         * @description One visit of a payer to a payment link's checkout page. It is `open` from the visit, `completed` when a payment
         *     made in it is approved (a card declined and retried is one session with several transactions; `transactionId` is
         *     the latest), and `abandoned` when `expiresAt` (24 hours after `startedAt`) passes without one. A PIX or billet
         *     still payable at `expiresAt` (not paid, not yet past its `payment.expirationDate`) keeps the session `open` until
         *     it ends: paid (a billet paid on its second day), the session is `completed` as any other; lapsed, it is
         *     `abandoned` then (no new payment can be started after `expiresAt` meanwhile). A recurring link's subscription
         *     that starts with a trial charges nothing now: the session is `completed` at once, with `transactionId` `null`
         *     and `approvedAmount` 0, and counts in the link's `completedPayments`; what the trial's end charges does not
         *     change it again.
         *
         *     A completed or abandoned session keeps its status. A charge approved after its session was abandoned (a card
         *     the service processed late, a payment confirmed past its expiry) is an approved transaction of the merchant; the
         *     session stays `abandoned` with no new event, but takes that charge (`transactionId`, `method`, `approvedAmount`)
         *     and the link counts it in `completedPayments`, once (a dispute won later approves it again without counting
         *     again). The payment's place on the link (`PaymentLink.reservedPayments`) was kept for it while it could still be
         *     approved, so such a late approval never takes the link past `maxPayments`. Sessions are the records `GET /v1/checkouts/sessions/analytics` counts, and the `payload.object` of
         *     `checkout.*` events.
         *
         *     One payment at a time: while the session's latest payment is under way (its transaction neither approved nor
         *     `failed`, `refused` or `canceled`; for a recurring link, its subscription not ended), the page cannot start another,
         *     with any method: it shows that payment (the QR code or billet already issued, the card being authorized). A payer
         *     who wants another method pays once that one has lapsed (a PIX QR code after its expiry, a billet after its due
         *     date), or opens the link again, which starts a new session. Nothing is cancelled on the payer's behalf, so a PIX
         *     paid a moment after the payer changed their mind is never a charge cancelled while money moved.
         */
        CheckoutSession: {
            /** @example chs_4Rt6Yu8Io0Pa2Sd4 */
            id: string;
            /** @example link_5Gh7Jk9Lz2Xc4Vb6 */
            paymentLinkId: string;
            /**
             * @description Where the session stands; it leaves `open` once and never changes again (a late approval of an abandoned
             *     session's charge is recorded on it without a change of status).
             *
             *     | from | to | when | webhook |
             *     |---|---|---|---|
             *     | (none) | `open` | a payer opens the link's page | none |
             *     | `open` | `completed` | a payment made in it is approved, or a recurring link's subscription starts with a trial | `checkout.completed` |
             *     | `open` | `abandoned` | `expiresAt` passes with no payment approved and none still payable | `checkout.abandoned` |
             * @example completed
             * @enum {string}
             */
            status: "open" | "completed" | "abandoned";
            /**
             * @description The method of the payer's latest payment attempt; `null` when the payer never started one.
             * @example pix
             * @enum {string|null}
             */
            method: "pix" | "credit" | "billet" | null;
            /**
             * Format: int64
             * @description The link's total as the session last knew it, in cents: when the session started, then the total its payment
             *     was started with, or the new total the payer was refused with when it had changed since the page showed it.
             * @example 15980
             */
            amount: number;
            /**
             * Format: int64
             * @description The amount approved in this session, in cents: 0 unless `completed` (0 too for a subscription started with a
             *     trial), or `abandoned` with a charge approved after the abandonment.
             * @example 15980
             */
            approvedAmount: number;
            /**
             * @example BRL
             * @enum {string}
             */
            currency: "BRL";
            /**
             * @description The latest transaction made in the session (the approved one once `completed`); `null` while none was made,
             *     and on a session completed by a subscription that starts with a trial.
             * @example tra_8Hq2LmZx4RtY7vKc
             */
            transactionId: string | null;
            /**
             * @description The subscription a recurring link started in this session.
             * @example null
             */
            subscriptionId: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T14:00:00.000Z
             */
            startedAt: string;
            /**
             * Format: date-time
             * @example 2026-11-24T14:00:00.000Z
             */
            expiresAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T14:03:12.000Z
             */
            completedAt: string | null;
            /**
             * Format: date-time
             * @example null
             */
            abandonedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T14:03:12.000Z
             */
            updatedAt: string;
            merchant: components["schemas"]["Merchant"];
            _links: components["schemas"]["Links"];
        };
        /**
         * @description Body of a delivery of a `checkout.*` event. The checkout session is only in `payload.object`, as it was right
         *     after the change the event reports. Sign-check the raw bytes before parsing (see the Webhooks chapter).
         */
        CheckoutWebhookDelivery: {
            /**
             * @description The event id; the same on every attempt and every redelivery. Deduplicate on it.
             * @example wbh_7Rf3EdC9wSx5QaZk
             */
            id: string;
            /**
             * @example checkout.completed
             * @enum {string}
             */
            type: "checkout.completed" | "checkout.abandoned";
            /**
             * @description `automatic` for the delivery of a state change, `manual` for a redelivery asked through the API.
             * @example automatic
             * @enum {string}
             */
            source: "automatic" | "manual";
            payload: {
                object: components["schemas"]["CheckoutSession"];
            };
            /**
             * Format: date-time
             * @description When the change happened (not when this attempt was made).
             * @example 2026-11-23T14:03:12.000Z
             */
            createdAt: string;
        };
    };
    responses: {
        /** @description The request is malformed: a parameter or body field is missing, has the wrong type or is out of range (`invalidParameters`, with `params`), or the body is not a JSON object (`validationError`). */
        BadRequest: {
            headers: {
                "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The `ServiceKey` header is missing, or the key is unknown, revoked or expired. */
        Unauthorized: {
            headers: {
                "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key is valid but may not do this: its role does not allow the operation, the caller's IP is not in the key's allow-list, or a sandbox-only operation was called with a production key (`sandboxOnly`). */
        Forbidden: {
            headers: {
                "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is well-formed but cannot be carried out: see `code` (for example an invalid CPF check digit, a state that does not allow the operation, or no provider configured for the key's mode). */
        UnprocessableEntity: {
            headers: {
                "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key's request quota is spent, or the same resource was read too often (polling is rate limited: use webhooks). Wait `Retry-After` seconds. The envelope carries no retry time of its own. */
        TooManyRequests: {
            headers: {
                "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An unexpected error. `details` names the `correlationId` found in the `X-Correlation-Id` response header. Retry with exponential backoff. */
        ServerError: {
            headers: {
                "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request conflicts with another: the idempotency key was used with a different request (`idempotencyMismatch`) or its first request is still running (`idempotencyInProgress`; retry after a short wait). */
        Conflict: {
            headers: {
                "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body exceeds 1 MiB. */
        PayloadTooLarge: {
            headers: {
                "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Every payment route able to serve the request is unavailable. Retry with exponential backoff. */
        ServiceUnavailable: {
            headers: {
                "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No resource with this id exists for the key's merchant and mode (a resource of another merchant or of the other mode is reported the same way), or no such path exists. */
        NotFound: {
            headers: {
                "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A synchronous payment surface was declined. Charges created with `POST /v1/transactions` never answer 402: a refusal shows as status `failed` and the `transaction.failed` event. */
        PaymentRequired: {
            headers: {
                "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
         *     is `400 invalidParameters` naming `limit`.
         * @example 20
         */
        Limit: number;
        /**
         * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
         *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
         * @example 0
         */
        Offset: number;
        /**
         * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
         *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
         *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
         *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
         *     so that pages never overlap.
         * @example -createdAt
         */
        Sort: string;
        /**
         * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
         *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
         * @example 2026-03-14
         */
        DateRange: string;
        /**
         * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
         *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
         * @example 2026-03-14T00:00:00.000Z
         */
        DateRangeGt: string;
        /**
         * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
         *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
         * @example 2026-03-14T00:00:00.000Z
         */
        DateRangeGte: string;
        /**
         * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
         *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
         * @example 2026-03-14T00:00:00.000Z
         */
        DateRangeLt: string;
        /**
         * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
         *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
         * @example 2026-03-14T00:00:00.000Z
         */
        DateRangeLte: string;
        /**
         * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
         *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
         *     The same key with the same method, path and body returns the stored status and body with the header
         *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
         *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
         *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
         *     statement and is the replay of its charge).
         *
         *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
         *     same database transaction as that work. A request that did its work and then failed or lost its process before
         *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
         *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
         *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
         *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
         *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
         *     stored, and the key may be used again.
         *
         *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
         *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
         *     answered soon after.
         * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
         */
        IdempotencyKey: string;
        /**
         * @description Identifier of the transaction (`tra_` prefix).
         * @example tra_8Hq2LmZx4RtY7vKc
         */
        TransactionId: string;
        /**
         * @description Identifier of the sandbox test clock (`clk_` prefix).
         * @example clk_8Hs3Kd9Lq2Wm5Xn7
         */
        ClockId: string;
        /**
         * @description Identifier of the customer (`cus_` prefix).
         * @example cus_3Jd9QwE5rTy2UiOp
         */
        CustomerId: string;
        /**
         * @description Identifier of the address (`addr_` prefix).
         * @example addr_6Bn4VcX8zLk2JhGf
         */
        AddressId: string;
        /**
         * @description Identifier of the wallet (`wall_` prefix).
         * @example wall_2Pq7RsT9uVw4XyZa
         */
        WalletId: string;
        /**
         * @description Identifier of the withdrawal (`wdr_` prefix).
         * @example wdr_6Tg2Yh8Uj4Ik0Ol3
         */
        WithdrawalId: string;
        /**
         * @description Identifier of the product (`prd_` prefix).
         * @example prd_7Ty6Ui5Op4As3Df2
         */
        ProductId: string;
        /**
         * @description Identifier of the variant (`var_` prefix).
         * @example var_9Kl3MnB6vCx1ZaQw
         */
        VariantId: string;
        /**
         * @description Identifier of the subscription (`subs_` prefix; the older `sub_` spelling is accepted too).
         * @example subs_5Wq2Er8TyU4IoP6a
         */
        SubscriptionId: string;
        /**
         * @description Identifier of the subscription split (`ssp_` prefix; the older `split_` spelling is accepted too).
         * @example ssp_1Az9Sx8Dc7Fv6Gb5
         */
        SplitId: string;
        /**
         * @description Identifier of the payment link (`link_` prefix).
         * @example link_5Gh7Jk9Lz2Xc4Vb6
         */
        PaymentLinkId: string;
        /**
         * @description Identifier of the webhook endpoint (`wbe_` prefix).
         * @example wbe_4Tg8YhU2jIk6OlPm
         */
        WebhookId: string;
        /**
         * @description Identifier of the webhook event (`wbh_` prefix).
         * @example wbh_7Rf3EdC9wSx5QaZk
         */
        EventId: string;
        /**
         * @description Keep only the requests answered with these statuses: a class (`4xx`) or an exact status (`500`); repeat the
         *     parameter for several (`status=4xx&status=500`), any of them matching.
         * @example [
         *       "4xx",
         *       "500"
         *     ]
         */
        RequestLogStatus: string[];
        /**
         * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
         *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
         * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
         */
        DeliverySignature: string;
        /**
         * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
         * @example wbh_7Rf3EdC9wSx5QaZk
         */
        DeliveryId: string;
        /**
         * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
         * @example 1773491465
         */
        DeliveryTimestamp: string;
        /**
         * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
         *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
         * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
         */
        DeliveryStandardSignature: string;
        /**
         * @description The event type, as in the body's `type`, so a receiver can route before parsing.
         * @example transaction.approved
         */
        DeliveryEventType: components["schemas"]["WebhookEventType"];
        /**
         * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
         *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
         * @example Bearer 3f9a0c7e1b2d4a6f
         */
        DeliveryAuthorization: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Identifier of this request, present on every response (success or error). Quote it when contacting support;
         *     a `500` response's `details` names it. A value sent by the client in `X-Correlation-Id` is echoed when it is
         *     8 to 64 characters of `[A-Za-z0-9_-]`; otherwise the service makes one.
         * @example corr_7fJ2kq9XbT4mWc1R
         */
        "X-Correlation-Id": string;
        /**
         * @description Requests allowed in the current window for this key.
         *
         *     Sent on every answer to a request whose key was counted against its quota: every status, successes and errors
         *     alike, since the key is counted right after it is authenticated and before anything else is checked. Absent
         *     when the request was refused before that: no or an invalid key (`401`), a key refused for its address or role
         *     (`403 forbidden`), a path or method that does not exist (`404`, `405`). A `429` for polling one resource
         *     too often carries the polling rule's numbers, any other answer the key's request quota.
         * @example 100
         */
        "RateLimit-Limit": number;
        /**
         * @description Requests left in the current window for this key.
         *
         *     Sent on every answer to a request whose key was counted against its quota: every status, successes and errors
         *     alike, since the key is counted right after it is authenticated and before anything else is checked. Absent
         *     when the request was refused before that: no or an invalid key (`401`), a key refused for its address or role
         *     (`403 forbidden`), a path or method that does not exist (`404`, `405`). A `429` for polling one resource
         *     too often carries the polling rule's numbers, any other answer the key's request quota.
         * @example 0
         */
        "RateLimit-Remaining": number;
        /**
         * @description Seconds until the current window resets.
         *
         *     Sent on every answer to a request whose key was counted against its quota: every status, successes and errors
         *     alike, since the key is counted right after it is authenticated and before anything else is checked. Absent
         *     when the request was refused before that: no or an invalid key (`401`), a key refused for its address or role
         *     (`403 forbidden`), a path or method that does not exist (`404`, `405`). A `429` for polling one resource
         *     too often carries the polling rule's numbers, any other answer the key's request quota.
         * @example 12
         */
        "RateLimit-Reset": number;
        /**
         * @description Seconds to wait before retrying the request.
         * @example 12
         */
        "Retry-After": number;
        /**
         * @description Present and `true` when this response answers an earlier request with the same `X-Idempotency-Key` and body:
         *     its stored answer, or, when that request did its work without answering, the resource it created or acted on
         *     as it stands now. The operation was not executed again.
         * @example true
         */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listTransactions: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Keep only the transactions in this status.
                 * @example approved
                 */
                status?: components["schemas"]["TransactionStatus"];
                /**
                 * @description Keep only the transactions paid by this method.
                 * @example pix
                 */
                method?: components["schemas"]["PaymentMethod"];
                /**
                 * @description Keep only the transactions of this customer (`cus_` prefix).
                 * @example cus_3Jd9QwE5rTy2UiOp
                 */
                customerid?: string;
                /**
                 * @description Keep only the transactions whose `externalReference` equals this value (case-sensitive).
                 * @example PED-10045
                 */
                externalreference?: string;
                /**
                 * @description Keep only the transactions whose customer, as recorded on the transaction when it was made, has this e-mail (compared without regard to case). A later change of the customer's e-mail does not move their past transactions: filter by `customerid` to follow a customer.
                 * @example maria.silva@example.com
                 */
                customeremail?: string;
                /**
                 * @description Keep only the transactions whose customer, as recorded on the transaction, has this CPF or CNPJ. Punctuation is ignored (`529.982.247-25` and `52998224725` are the same document).
                 * @example 529.982.247-25
                 */
                customerdocument?: string;
                /**
                 * @description Keep only the transactions paid through this payment link (`link_` prefix).
                 * @example link_5Gh7Jk9Lz2Xc4Vb6
                 */
                paymentlinkid?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transactions. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createTransaction: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTransactionRequest"];
            };
        };
        responses: {
            /** @description The transaction was created, `pending`; its charge is processed in the background. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            /**
             * @description The body is well-formed but cannot be charged: see `code` (`itemsTotalMismatch`, `invalidDocument`,
             *     `invalidCard`, `providerNotConfigured`, `unprocessableEntity`).
             */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the transaction (`tra_` prefix).
                 * @example tra_8Hq2LmZx4RtY7vKc
                 */
                transactionId: components["parameters"]["TransactionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    captureTransaction: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the transaction (`tra_` prefix).
                 * @example tra_8Hq2LmZx4RtY7vKc
                 */
                transactionId: components["parameters"]["TransactionId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CaptureTransactionRequest"];
            };
        };
        responses: {
            /** @description The transaction, captured and `approved`. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            /**
             * @description The transaction is not `pre-authorized`, or a capture or cancel sent earlier is still being confirmed with the
             *     provider (`invalidTransition`), or `amount` is more than the authorized amount (`captureAmountInvalid`).
             */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            /**
             * @description `providerUnavailable`. Either the provider could not be reached and said so (nothing was captured, nothing
             *     changed: retry with backoff), or the capture was sent and the provider did not confirm it in time: it is being
             *     confirmed in the background under the same provider key, the transaction stays as it is until then, and
             *     `transaction.approved` or a `GET` tells the outcome. The message says which.
             */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTransactionRefund: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the transaction (`tra_` prefix).
                 * @example tra_8Hq2LmZx4RtY7vKc
                 */
                transactionId: components["parameters"]["TransactionId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateRefundRequest"];
            };
        };
        responses: {
            /** @description The refund was created; the transaction lists it in `refunds`. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            /**
             * @description The transaction is not `approved` (`invalidTransition`), or `amount` exceeds what is still refundable
             *     (`refundAmountInvalid`).
             */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelTransaction: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the transaction (`tra_` prefix).
                 * @example tra_8Hq2LmZx4RtY7vKc
                 */
                transactionId: components["parameters"]["TransactionId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CancelTransactionRequest"];
            };
        };
        responses: {
            /** @description The transaction, `canceled`. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            /**
             * @description The transaction's status does not allow canceling, or a capture or cancel sent earlier is still being confirmed
             *     with the provider (`invalidTransition`).
             */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            /**
             * @description `providerUnavailable`. Either the provider could not be reached and said so (nothing was canceld, nothing
             *     changed: retry with backoff), or the cancel was sent and the provider did not confirm it in time: it is being
             *     confirmed in the background under the same provider key, the transaction stays as it is until then, and
             *     `transaction.canceled` or a `GET` tells the outcome. The message says which.
             */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSandboxClockAtClockPath: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Optional; no body, or `{}`, makes a clock standing at the current time. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateSandboxClockRequest"];
            };
        };
        responses: {
            /** @description The new clock, `ready`. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The key is a production key (`sandboxOnly`), or its role does not allow the operation (`forbidden`). */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            /** @description The time asked for is outside what the clock accepts (`sandboxClockTimeInvalid`). */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listSandboxClocks: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of clocks. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxClockList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The key is a production key (`sandboxOnly`), or its role does not allow the operation (`forbidden`). */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createSandboxClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Optional; no body, or `{}`, makes a clock standing at the current time. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateSandboxClockRequest"];
            };
        };
        responses: {
            /** @description The new clock, `ready`. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The key is a production key (`sandboxOnly`), or its role does not allow the operation (`forbidden`). */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            /** @description The time asked for is outside what the clock accepts (`sandboxClockTimeInvalid`). */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getSandboxClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the sandbox test clock (`clk_` prefix).
                 * @example clk_8Hs3Kd9Lq2Wm5Xn7
                 */
                clockId: components["parameters"]["ClockId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The key is a production key (`sandboxOnly`), or its role does not allow the operation (`forbidden`). */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No clock with this id for the key's merchant (`sandboxClockNotFound`), or no such path. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    advanceSandboxClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the sandbox test clock (`clk_` prefix).
                 * @example clk_8Hs3Kd9Lq2Wm5Xn7
                 */
                clockId: components["parameters"]["ClockId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdvanceSandboxClockRequest"];
            };
        };
        responses: {
            /** @description The clock at `to`, once every job due until then has run. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The key is a production key (`sandboxOnly`), or its role does not allow the operation (`forbidden`). */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No clock with this id for the key's merchant (`sandboxClockNotFound`), or no such path. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another advance of this clock is running (`sandboxClockBusy`); retry once it has answered. */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            /**
             * @description `to` is before the clock's `now` or more than five years after it (`sandboxClockTimeInvalid`), or more than
             *     10,000 jobs fell due (`sandboxClockTooManyJobs`: the clock stands at the last one's due time).
             */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    attachSandboxClockSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the sandbox test clock (`clk_` prefix).
                 * @example clk_8Hs3Kd9Lq2Wm5Xn7
                 */
                clockId: components["parameters"]["ClockId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AttachSandboxClockSubscriptionRequest"];
            };
        };
        responses: {
            /** @description The clock, with the subscription counted. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The key is a production key (`sandboxOnly`), or its role does not allow the operation (`forbidden`). */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No clock with this id for the key's merchant (`sandboxClockNotFound`), no sandbox subscription of the merchant
             *     with this id (`subscriptionNotFound`), or no such path.
             */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The clock is being advanced (`sandboxClockBusy`); attach once the advance has answered. */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            /** @description The subscription already has a billing cycle, or is on another clock (`subscriptionNotAttachable`). */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    simulateSandboxTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the transaction (`tra_` prefix).
                 * @example tra_8Hq2LmZx4RtY7vKc
                 */
                transactionId: components["parameters"]["TransactionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulateTransactionRequest"];
            };
        };
        responses: {
            /** @description The transaction after the simulated event. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The key is a production key (`sandboxOnly`), or its role does not allow the operation (`forbidden`). */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            /** @description The action does not apply to the transaction's status or method (`invalidTransition`). */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    streamSandboxEvents: {
        parameters: {
            query?: {
                /**
                 * @description Keep only events of these types (repeat the parameter for several).
                 * @example [
                 *       "transaction.approved",
                 *       "transaction.failed"
                 *     ]
                 */
                type?: components["schemas"]["WebhookEventType"][];
            };
            header?: {
                /**
                 * @description The `id:` of the last delivery received on a previous stream (an event's `wbh_…`, or a resend's `wbr_…`); what
                 *     was recorded after it is sent first.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream. It stays open until the client closes it or the service stops. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The key is a production key (`sandboxOnly`), or its role does not allow the operation (`forbidden`). */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Last-Event-ID` names no event of the merchant's sandbox kept now (`webhookEventNotFound`). */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Keep only the customer with this id.
                 * @example cus_3Jd9QwE5rTy2UiOp
                 */
                id?: string;
                /**
                 * @description Keep the customers whose main e-mail is this one (case-insensitive).
                 * @example maria.silva@example.com
                 */
                email?: string;
                /**
                 * @description Keep the customers whose `firstName lastName` contains this text (case- and accent-insensitive).
                 * @example maria silva
                 */
                name?: string;
                /**
                 * @description Keep the customers whose telephone `line` is this number; `+` (sent as `%2B`) and punctuation are ignored.
                 * @example +5511987654321
                 */
                telephoneline?: string;
                /**
                 * @description Keep the customer with this CPF or CNPJ number; punctuation is ignored.
                 * @example 52998224725
                 */
                document?: string;
                /**
                 * @description Keep the customers with this `externalReference` (exact).
                 * @example CLI-000123
                 */
                externalreference?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of customers. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCustomerRequest"];
            };
        };
        responses: {
            /** @description The customer was created. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /**
             * @description Another customer of the merchant in this mode has this document (`customerAlreadyExists`; `details` names
             *     it), or the idempotency key was used with a different request (`idempotencyMismatch`) or its first request
             *     is still running (`idempotencyInProgress`).
             */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the customer (`cus_` prefix).
                 * @example cus_3Jd9QwE5rTy2UiOp
                 */
                customerId: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No customer with this id exists for the key's merchant and mode. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the customer (`cus_` prefix).
                 * @example cus_3Jd9QwE5rTy2UiOp
                 */
                customerId: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCustomerRequest"];
            };
        };
        responses: {
            /** @description The customer as stored after the replacement. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No customer with this id exists for the key's merchant and mode. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Another customer of the merchant in this mode has this document (`customerAlreadyExists`; `details` names
             *     it), or the idempotency key was used with a different request (`idempotencyMismatch`) or its first request
             *     is still running (`idempotencyInProgress`).
             */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createAddress: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAddressRequest"];
            };
        };
        responses: {
            /** @description The address was created. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Address"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The `ownerId` names no customer of the key's merchant and mode. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            /** @description The state is not a Brazilian UF (for a `BR` address). */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the address (`addr_` prefix).
                 * @example addr_6Bn4VcX8zLk2JhGf
                 */
                addressId: components["parameters"]["AddressId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The address. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Address"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No address with this id exists for the key's merchant and mode (a deleted address included). */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    updateAddress: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the address (`addr_` prefix).
                 * @example addr_6Bn4VcX8zLk2JhGf
                 */
                addressId: components["parameters"]["AddressId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAddressRequest"];
            };
        };
        responses: {
            /** @description The address as stored after the replacement. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Address"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No address with this id exists for the key's merchant and mode (a deleted address included). */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    deleteAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the address (`addr_` prefix).
                 * @example addr_6Bn4VcX8zLk2JhGf
                 */
                addressId: components["parameters"]["AddressId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The address was deleted. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No address with this id exists for the key's merchant and mode (a deleted address included). */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance per currency. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Balance"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listWallets: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Keep only the wallet with this id.
                 * @example wall_2Pq7RsT9uVw4XyZa
                 */
                id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of wallets. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createWallet: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWalletRequest"];
            };
        };
        responses: {
            /** @description The wallet was registered. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /**
             * @description The merchant already has a wallet with this bank, branch and account in this mode (`walletAlreadyExists`), or
             *     the idempotency key was used with a different request (`idempotencyMismatch`) or its first request is still
             *     running (`idempotencyInProgress`).
             */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            /** @description The bank code names no bank the service knows (`unprocessableEntity`), or the holder document has wrong check digits (`invalidDocument`). */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listWalletsAll: {
        parameters: {
            query?: {
                /**
                 * @description Most items returned. Between 1 and 1000; 1000 when omitted.
                 * @example 1000
                 */
                limit?: number;
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Keep only the wallet with this id.
                 * @example wall_2Pq7RsT9uVw4XyZa
                 */
                id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The wallets, as a bare array (possibly empty). */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletListItem"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the wallet (`wall_` prefix).
                 * @example wall_2Pq7RsT9uVw4XyZa
                 */
                walletId: components["parameters"]["WalletId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The wallet. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No wallet with this id exists for the key's merchant and mode (a deleted wallet included). */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    deleteWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the wallet (`wall_` prefix).
                 * @example wall_2Pq7RsT9uVw4XyZa
                 */
                walletId: components["parameters"]["WalletId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The wallet was deleted. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No wallet with this id exists for the key's merchant and mode (a deleted wallet included). */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The wallet has withdrawals still pending. */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listWithdrawals: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Keep only withdrawals in this status.
                 * @example pending
                 */
                status?: components["schemas"]["WithdrawalStatus"];
                /**
                 * @description Keep only withdrawals to this wallet.
                 * @example wall_2Pq7RsT9uVw4XyZa
                 */
                walletId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of withdrawals. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createWithdrawal: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWithdrawalRequest"];
            };
        };
        responses: {
            /** @description The withdrawal was recorded and its amount debited; the transfer is sent in the background. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Withdrawal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The wallet is not a live wallet of the merchant in the key's mode (`walletNotFound`). */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            /**
             * @description The amount exceeds the available balance (`insufficientBalance`), the wallet is disabled
             *     (`unprocessableEntity`), or no payout provider serves the key's mode (`providerNotConfigured`).
             */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the withdrawal (`wdr_` prefix).
                 * @example wdr_6Tg2Yh8Uj4Ik0Ol3
                 */
                withdrawalId: components["parameters"]["WithdrawalId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The withdrawal. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Withdrawal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No withdrawal with this id for the key's merchant and mode (`withdrawalNotFound`), or no such path. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    simulateSandboxWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the withdrawal (`wdr_` prefix).
                 * @example wdr_6Tg2Yh8Uj4Ik0Ol3
                 */
                withdrawalId: components["parameters"]["WithdrawalId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulateWithdrawalRequest"];
            };
        };
        responses: {
            /** @description The withdrawal after the simulated answer. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Withdrawal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The key is a production key (`sandboxOnly`), or its role does not allow the operation (`forbidden`). */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No withdrawal with this id for the key's merchant and mode (`withdrawalNotFound`), or no such path. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            /** @description The withdrawal is no longer `pending`, or the sandbox bank already answered for it (`invalidTransition`). */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            /**
             * @description The sandbox bank did not answer within the provider time-out (set `SANDBOX_LATENCY_MS` above it to see this).
             *     Nothing is decided: the withdrawal stays `pending`, its transfer is recorded as uncertain, and the payout job
             *     asks the bank again under the same key until it knows (`providerUnavailable`).
             */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Keep only the enabled (`true`) or the disabled (`false`) products.
                 * @example true
                 */
                enabled?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductInput"];
            };
        };
        responses: {
            /** @description The product was created. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the product (`prd_` prefix).
                 * @example prd_7Ty6Ui5Op4As3Df2
                 */
                productId: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No product with this id exists for the key's merchant and mode. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the product (`prd_` prefix).
                 * @example prd_7Ty6Ui5Op4As3Df2
                 */
                productId: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductInput"];
            };
        };
        responses: {
            /** @description The product as replaced. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No product with this id exists for the key's merchant and mode. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    disableProduct: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the product (`prd_` prefix).
                 * @example prd_7Ty6Ui5Op4As3Df2
                 */
                productId: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product, disabled. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No product with this id exists for the key's merchant and mode. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    enableProduct: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the product (`prd_` prefix).
                 * @example prd_7Ty6Ui5Op4As3Df2
                 */
                productId: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product, enabled. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No product with this id exists for the key's merchant and mode. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listVariants: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Keep only the variants of this product.
                 * @example prd_7Ty6Ui5Op4As3Df2
                 */
                productId?: string;
                /**
                 * @description Keep only the enabled (`true`) or the disabled (`false`) variants.
                 * @example true
                 */
                enabled?: boolean;
                /**
                 * @description Keep only the variants whose `pricing.type` is this one.
                 * @example recurring
                 */
                type?: "one-time" | "recurring";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of variants. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariantList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createVariant: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VariantInput"];
            };
        };
        responses: {
            /** @description The variant was created. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variant"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The `productId` names no product of the key's merchant and mode (`productNotFound`), or, for a replacement, there is no such variant (`variantNotFound`). */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            /** @description The pricing is inconsistent (`invalidPricing`, `params` names the field) or the product is disabled (`productDisabled`); also an empty `daterange` window on lists. */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getVariant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the variant (`var_` prefix).
                 * @example var_9Kl3MnB6vCx1ZaQw
                 */
                variantId: components["parameters"]["VariantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The variant. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variant"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No variant with this id exists for the key's merchant and mode. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    updateVariant: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the variant (`var_` prefix).
                 * @example var_9Kl3MnB6vCx1ZaQw
                 */
                variantId: components["parameters"]["VariantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VariantInput"];
            };
        };
        responses: {
            /** @description The variant as replaced. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variant"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The `productId` names no product of the key's merchant and mode (`productNotFound`), or, for a replacement, there is no such variant (`variantNotFound`). */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            /** @description The pricing is inconsistent (`invalidPricing`, `params` names the field) or the product is disabled (`productDisabled`); also an empty `daterange` window on lists. */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    disableVariant: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the variant (`var_` prefix).
                 * @example var_9Kl3MnB6vCx1ZaQw
                 */
                variantId: components["parameters"]["VariantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The variant, disabled. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variant"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No variant with this id exists for the key's merchant and mode. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    enableVariant: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the variant (`var_` prefix).
                 * @example var_9Kl3MnB6vCx1ZaQw
                 */
                variantId: components["parameters"]["VariantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The variant, enabled. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variant"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No variant with this id exists for the key's merchant and mode. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listSubscriptions: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Keep only the subscriptions in this status.
                 * @example active
                 */
                status?: components["schemas"]["SubscriptionStatus"];
                /**
                 * @description Keep only the subscriptions of this customer.
                 * @example cus_3Jd9QwE5rTy2UiOp
                 */
                customerid?: string;
                /**
                 * @description Keep only the subscriptions of this variant.
                 * @example var_9Kl3MnB6vCx1ZaQw
                 */
                variantid?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createSubscription: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSubscriptionRequest"];
            };
        };
        responses: {
            /** @description The subscription was created, `pending`; its first cycle is charged (or its trial started) in the background. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the subscription (`subs_` prefix; the older `sub_` spelling is accepted too).
                 * @example subs_5Wq2Er8TyU4IoP6a
                 */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    cancelSubscription: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the subscription (`subs_` prefix; the older `sub_` spelling is accepted too).
                 * @example subs_5Wq2Er8TyU4IoP6a
                 */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CancelSubscriptionRequest"];
            };
        };
        responses: {
            /** @description The subscription after the change. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    pauseSubscription: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the subscription (`subs_` prefix; the older `sub_` spelling is accepted too).
                 * @example subs_5Wq2Er8TyU4IoP6a
                 */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription after the change. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    resumeSubscription: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the subscription (`subs_` prefix; the older `sub_` spelling is accepted too).
                 * @example subs_5Wq2Er8TyU4IoP6a
                 */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription after the change. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    updateSubscriptionPaymentMethod: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the subscription (`subs_` prefix; the older `sub_` spelling is accepted too).
                 * @example subs_5Wq2Er8TyU4IoP6a
                 */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSubscriptionPaymentMethodRequest"];
            };
        };
        responses: {
            /** @description The subscription after the change. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listSubscriptionSplits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the subscription (`subs_` prefix; the older `sub_` spelling is accepted too).
                 * @example subs_5Wq2Er8TyU4IoP6a
                 */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The splits of the subscription and their totals. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionSplitCollection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createSubscriptionSplit: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the subscription (`subs_` prefix; the older `sub_` spelling is accepted too).
                 * @example subs_5Wq2Er8TyU4IoP6a
                 */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSubscriptionSplitRequest"];
            };
        };
        responses: {
            /** @description The split was added; it applies from the next cycle billed. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionSplit"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    deleteSubscriptionSplit: {
        parameters: {
            query: {
                /**
                 * @description The split to remove (`ssp_` prefix; the older `split_` spelling is accepted too).
                 * @example ssp_1Az9Sx8Dc7Fv6Gb5
                 */
                splitId: string;
            };
            header?: never;
            path: {
                /**
                 * @description Identifier of the subscription (`subs_` prefix; the older `sub_` spelling is accepted too).
                 * @example subs_5Wq2Er8TyU4IoP6a
                 */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The split was removed; the body is the remaining split state of the subscription. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionSplitCollection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    updateSubscriptionSplit: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the subscription (`subs_` prefix; the older `sub_` spelling is accepted too).
                 * @example subs_5Wq2Er8TyU4IoP6a
                 */
                subscriptionId: components["parameters"]["SubscriptionId"];
                /**
                 * @description Identifier of the subscription split (`ssp_` prefix; the older `split_` spelling is accepted too).
                 * @example ssp_1Az9Sx8Dc7Fv6Gb5
                 */
                splitId: components["parameters"]["SplitId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSubscriptionSplitRequest"];
            };
        };
        responses: {
            /** @description The split as changed. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionSplit"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listSubscriptionCycles: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Keep only the cycles in this status.
                 * @example paid
                 */
                status?: components["schemas"]["BillingCycleStatus"];
            };
            header?: never;
            path: {
                /**
                 * @description Identifier of the subscription (`subs_` prefix; the older `sub_` spelling is accepted too).
                 * @example subs_5Wq2Er8TyU4IoP6a
                 */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of billing cycles. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillingCycleList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listPaymentLinks: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Keep only the links made from this checkout template (the template's id as the panel shows it).
                 * @example tpl_3Ed5Rf7Tg9Yh1Uj2
                 */
                templateid?: string;
                /**
                 * @description Keep only the links the merchant has switched on (`enabled`) or off (`disabled`).
                 * @example enabled
                 */
                status?: "enabled" | "disabled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payment links. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLinkList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePaymentLinkRequest"];
            };
        };
        responses: {
            /** @description The payment link was created. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getPaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the payment link (`link_` prefix).
                 * @example link_5Gh7Jk9Lz2Xc4Vb6
                 */
                linkId: components["parameters"]["PaymentLinkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment link. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    updatePaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the payment link (`link_` prefix).
                 * @example link_5Gh7Jk9Lz2Xc4Vb6
                 */
                linkId: components["parameters"]["PaymentLinkId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdatePaymentLinkRequest"];
            };
        };
        responses: {
            /** @description The payment link after the change. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    disablePaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the payment link (`link_` prefix).
                 * @example link_5Gh7Jk9Lz2Xc4Vb6
                 */
                linkId: components["parameters"]["PaymentLinkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment link, disabled. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    enablePaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the payment link (`link_` prefix).
                 * @example link_5Gh7Jk9Lz2Xc4Vb6
                 */
                linkId: components["parameters"]["PaymentLinkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment link, enabled. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getCheckoutSessionAnalytics: {
        parameters: {
            query?: {
                /**
                 * @description Order of `byDay`. `date` / `ascending` (default) or `-date` / `descending`.
                 * @example date
                 */
                sort?: "date" | "-date" | "ascending" | "descending";
                /**
                 * @description First day of the period (UTC, inclusive). Defaults to 29 days before `enddate`.
                 * @example 2026-03-01
                 */
                initdate?: string;
                /**
                 * @description Last day of the period (UTC, inclusive). Defaults to today.
                 * @example 2026-03-03
                 */
                enddate?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures of the period. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSessionAnalytics"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    simulatePaymentMethod: {
        parameters: {
            query: {
                /**
                 * @description Amount the payer would pay, in cents (integer).
                 * @example 10000
                 */
                amount: number;
                /**
                 * @description Payment method to simulate.
                 * @example credit
                 */
                method: "pix" | "credit" | "billet";
                /**
                 * @description What-if percentage (2.5 means 2.5 %, up to two decimals) replacing the plan's percentage.
                 * @example 2.5
                 */
                fee?: number;
                /**
                 * @description Number of card installments, 1 to 12 (`credit` only).
                 * @example 3
                 */
                installment?: number;
                /**
                 * @description Card brand, for plans with rates per brand (`credit` only).
                 * @example visa
                 */
                brand?: "visa" | "mastercard" | "elo" | "amex" | "hipercard";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The simulation. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodSimulation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The merchant's fee plan has no rate for this method, or for this card brand. */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listRolesOfUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The role catalogue and the caller's role. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleCatalog"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Text the endpoint's name contains (case-insensitive).
                 * @example Order
                 */
                name?: string;
                /**
                 * @description Text the endpoint's URL contains (case-insensitive), for example a host name.
                 * @example hooks.acme.com.br
                 */
                endpoint?: string;
                /**
                 * @description Keep only the enabled or only the disabled endpoints.
                 * @example enabled
                 */
                status?: "enabled" | "disabled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of webhook endpoints. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookRequest"];
            };
        };
        responses: {
            /** @description The endpoint was registered. The body shows the signing secret, this once. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The endpoint was registered. The body shows the signing secret, this once. */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the webhook endpoint (`wbe_` prefix).
                 * @example wbe_4Tg8YhU2jIk6OlPm
                 */
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook endpoint. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the webhook endpoint (`wbe_` prefix).
                 * @example wbe_4Tg8YhU2jIk6OlPm
                 */
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookRequest"];
            };
        };
        responses: {
            /** @description The endpoint as replaced. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the webhook endpoint (`wbe_` prefix).
                 * @example wbe_4Tg8YhU2jIk6OlPm
                 */
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint was deleted. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listWebhookEvents: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Sort expression: a sortable field name for ascending order (`createdAt`), the same prefixed with `-` for
                 *     descending order (`-createdAt`), or the words `ascending` / `descending`, which sort on `createdAt`.
                 *     The default is `-createdAt` (newest first). Every list sorts on `createdAt`, `updatedAt` and `id`; an
                 *     operation names its other sortable fields. An unknown field is `400 invalidParameters`. Ties are broken by `id`
                 *     so that pages never overlap.
                 * @example -createdAt
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description One calendar day (UTC): keeps the records whose `createdAt` falls within that whole day
                 *     (`00:00:00.000Z` inclusive to the next day's `00:00:00.000Z` exclusive).
                 * @example 2026-03-14
                 */
                daterange?: components["parameters"]["DateRange"];
                /**
                 * @description Exclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegt?: components["parameters"]["DateRangeGt"];
                /**
                 * @description Inclusive lower bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangegte?: components["parameters"]["DateRangeGte"];
                /**
                 * @description Exclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelt?: components["parameters"]["DateRangeLt"];
                /**
                 * @description Inclusive upper bound on `createdAt`, an ISO 8601 timestamp (`2026-03-14T00:00:00.000Z`); a bare date
                 *     (`2026-03-14`) means that day's `00:00:00.000Z`. Combines with the other `daterange` parameters (all must hold).
                 * @example 2026-03-14T00:00:00.000Z
                 */
                daterangelte?: components["parameters"]["DateRangeLte"];
                /**
                 * @description Keep only events of this type.
                 * @example transaction.approved
                 */
                type?: components["schemas"]["WebhookEventType"];
                /**
                 * @description Keep only events about this kind of resource.
                 * @example transaction
                 */
                resource?: "transaction" | "customer" | "withdrawal" | "subscription" | "cycle" | "checkout";
                /**
                 * @description Keep only events about this resource.
                 * @example tra_8Hq2LmZx4RtY7vKc
                 */
                resourceId?: string;
                /**
                 * @description Keep only events with this delivery status (see the operation description).
                 * @example failed
                 */
                status?: "delivered" | "pending" | "failed";
                /**
                 * @description Keep only this event.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                eventId?: string;
                /**
                 * @description Keep only events with a dispatch to this endpoint, given by id (`wbe_…`) or by exact URL.
                 * @example wbe_4Tg8YhU2jIk6OlPm
                 */
                endpoint?: string;
                /**
                 * @description Lowercase alias of `resourceId`.
                 * @example tra_8Hq2LmZx4RtY7vKc
                 */
                resourceid?: string;
                /**
                 * @description Lowercase alias of `eventId`.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                eventid?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of webhook events with their dispatches. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getWebhookEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the webhook event (`wbh_` prefix).
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook event with its dispatches. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    redeliverWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. 10 to 255 characters of letters, digits, `-` and `_` (a UUID v4 is
                 *     recommended). Scoped per merchant, per mode and per key; kept 24 hours, after which the key is new again.
                 *     The same key with the same method, path and body returns the stored status and body with the header
                 *     `Idempotent-Replayed: true`, without executing the operation again; with a different body it is
                 *     `409 idempotencyMismatch`; while the first request is still running it is `409 idempotencyInProgress`
                 *     (except for a PIX or bank slip charge, written with its key in one statement: the retry waits for that
                 *     statement and is the replay of its charge).
                 *
                 *     The key is atomic with the work: what the request created or acted on (its recovery point) is recorded in the
                 *     same database transaction as that work. A request that did its work and then failed or lost its process before
                 *     answering is therefore never run again: a retry with the same key and body answers that resource as it stands
                 *     now, with the operation's success status (`201` for a creation, `200` otherwise) and `Idempotent-Replayed: true`
                 *     (a failed request's retry at once; a lost process's once its lock has lapsed, until then
                 *     `409 idempotencyInProgress`). Refunds answer the refund, which may still be `pending` while the provider is
                 *     asked in the background. A request that did nothing (refused, or the provider could not be reached) is not
                 *     stored, and the key may be used again.
                 *
                 *     A running request holds its key with a lock of twice the provider time-out plus five seconds (25 s by default),
                 *     renewed while it runs: a slow request is never taken over while it runs, and the key of a process that died is
                 *     answered soon after.
                 * @example 9f1c2b7e-4d3a-4f8e-9b6a-2c5d7e8f0a1b
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Identifier of the webhook event (`wbh_` prefix).
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RedeliverWebhookEventRequest"];
            };
        };
        responses: {
            /** @description The event with its new dispatch(es). */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listRequestLogs: {
        parameters: {
            query?: {
                /**
                 * @description Page size: an integer from 1 to 100; 20 when omitted. A value that is not such an integer (`1e309`, `0`, `abc`)
                 *     is `400 invalidParameters` naming `limit`.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Number of records of the whole result to skip: an integer from 0 to 1000000000; 0 when omitted. A value that is
                 *     not such an integer (`1e20`, `1.5`, `-1`) is `400 invalidParameters` naming `offset`.
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Keep only the requests answered with these statuses: a class (`4xx`) or an exact status (`500`); repeat the
                 *     parameter for several (`status=4xx&status=500`), any of them matching.
                 * @example [
                 *       "4xx",
                 *       "500"
                 *     ]
                 */
                status?: components["parameters"]["RequestLogStatus"];
                /**
                 * @description Keep only the requests made with this API key (`key_` prefix, the `keyId` of the entries), as the dashboard's page of a key shows its recent requests. A key of another merchant or mode, or one that made no request, gives an empty page.
                 * @example key_6Ff8Gh0Jk2Lq4Wp5
                 */
                keyid?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the request log. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestLogList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    streamRequestLogs: {
        parameters: {
            query?: {
                /**
                 * @description Keep only the requests answered with these statuses: a class (`4xx`) or an exact status (`500`); repeat the
                 *     parameter for several (`status=4xx&status=500`), any of them matching.
                 * @example [
                 *       "4xx",
                 *       "500"
                 *     ]
                 */
                status?: components["parameters"]["RequestLogStatus"];
            };
            header?: {
                /**
                 * @description The id of the last entry received on a previous stream; the entries written after it are sent first.
                 * @example req_3Fk8Lp2Qx7Vb9Nm4
                 */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream. It stays open until the client closes it or the service stops. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The `Last-Event-ID` names no entry of the merchant's request log in this mode kept now (`resourceNotFound`). */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["X-Correlation-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    onTransactionCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionPreAuthorized: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionApproved: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionFailed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionRefused: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionCanceled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionPartiallyRefunded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionRefunded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionDispute: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionChargeback: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionAnalyzing: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionFraudReview: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransactionAwaiting: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCustomerCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCustomerUpdated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWithdrawalCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WithdrawalWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWithdrawalPaid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WithdrawalWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWithdrawalFailed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WithdrawalWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionActivated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionPastDue: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionPaused: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionResumed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionUnpaid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionCanceled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionExpired: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCycleBilled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BillingCycleWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCyclePaid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BillingCycleWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCycleFailed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BillingCycleWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCheckoutCompleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckoutWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCheckoutAbandoned: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's `secret`
                 *     (the whole `whsec_…` string, UTF-8). Verify it with a timing-safe comparison before parsing the body.
                 * @example sha256=7fb39cfb6ce98bb228c3fbbbc3e2d8db24e9a04328bb433e953c27f66889b424
                 */
                "X-Service-Signature": components["parameters"]["DeliverySignature"];
                /**
                 * @description Standard Webhooks message id; the event id (`wbh_…`), the same on every attempt.
                 * @example wbh_7Rf3EdC9wSx5QaZk
                 */
                "webhook-id": components["parameters"]["DeliveryId"];
                /**
                 * @description Unix time in seconds of this attempt. Reject deliveries more than 5 minutes away from your clock.
                 * @example 1773491465
                 */
                "webhook-timestamp": components["parameters"]["DeliveryTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`,
                 *     keyed with the base64-decoded part of the secret after `whsec_`. Lets receivers use the Standard Webhooks libraries.
                 * @example v1,8565lUXRBSn/fAGYCbnzmKdG4LnVlYuI4GvdAFOeUiE=
                 */
                "webhook-signature": components["parameters"]["DeliveryStandardSignature"];
                /**
                 * @description The event type, as in the body's `type`, so a receiver can route before parsing.
                 * @example transaction.approved
                 */
                "X-Service-Event": components["parameters"]["DeliveryEventType"];
                /**
                 * @description Sent only when the endpoint was registered with an authorization: `Basic <base64 of user:password>` for
                 *     `basic`, `Bearer <value>` for `bearer`, the value as given for `raw`.
                 * @example Bearer 3f9a0c7e1b2d4a6f
                 */
                Authorization?: components["parameters"]["DeliveryAuthorization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckoutWebhookDelivery"];
            };
        };
        responses: {
            /** @description Any 2xx status within 15 seconds confirms receipt; the body is ignored (its first 4 KiB are kept in the delivery history). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejects a delivery whose signature does not verify; the attempt counts as failed and is retried, so a wrong secret shows up in the delivery history. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
