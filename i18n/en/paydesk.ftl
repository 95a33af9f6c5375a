
## rules
rule-amount-positive = the amount must be more than $ 0
rule-reference-empty = enter a reference
rule-at-most = at most { $max } characters (this one has { $count })
rule-no-line-breaks = remove line breaks and tabs
duration-one-day = 1 day
duration-days = { $days } days
rule-cellphone-empty = enter a mobile number
rule-digits-only = use digits only
rule-cellphone-shape = a Colombian mobile number has 10 digits and starts with 3, like 300 123 4567
rule-otp-reason = choose a reason from 1 to 5 (1 withdrawal, 2 link an account, 3 delete an account, 4 2FA QR, 5 PIN)
rule-otp-empty = enter the code sent to your phone
rule-otp-shape = the code has 4 to 8 digits
rule-required = this field is required
rule-email = enter an e-mail address like name@example.com
rule-document-empty = enter the document number
rule-document-shape = use the document's digits only (3 to 15)
rule-person-type = use natural (0) for a person or legal (1) for a company
rule-document-for-person = for this person type use one of { $allowed }
rule-one-of = use one of { $allowed }
rule-positive-id = choose a valid id (more than 0)
rule-withdraw-method = use 160 (online withdrawal), 245 (disbursement as a product) or 264 (Bre-B key)
rule-breb-key-empty = enter the Bre-B key, like @TIENDA123
rule-breb-key-shape = use a Bre-B key: @ and 3 to 30 letters or digits, a mobile number, an e-mail or a document number
rule-withdrawal-ceiling = online withdrawals are at most { $ceiling }
rule-password-short = use at least 8 characters
rule-password-mismatch = the passwords do not match
rule-key-value = write KEY=VALUE, like Name=Ana (got { $text })

## rules: addresses
rule-url-empty = enter a web address
rule-url-host = the address needs a host name
rule-webhook-empty = enter the https:// address where the service sends notifications (a profile can keep a default)
rule-webhook-loopback = the service cannot reach this computer's own address: use your public https:// webhook address
rule-url-full = enter a full web address starting with https://, like https://shop.example/webhook
rule-url-https = the address must start with https:// (plain http is only for this computer)

## money
amount-empty = enter an amount
amount-not-a-number = use digits only, like 25000 or 25.000
amount-has-cents = use whole pesos, without cents
amount-too-large = the amount is too large

## service errors
refusal-session-ended = Your session with the payment service has ended. Sign in again to continue
refusal-not-permitted = Your account is not allowed to do this. Ask the payment service to enable it
refusal-method-type = There is no payment method of that type
refusal-cost = The payment service cannot charge this amount with this method. Try a larger amount or another method
refusal-in-progress = This payment already has a transaction in progress or finished. Create a new payment instead
error-unreachable = Could not reach the payment service at { $host }. Check the internet connection and try again
error-timed-out = did not answer in time
error-connection-lost = closed the connection before answering
error-malformed = The payment service sent an answer paydesk could not read (HTTP { $status }).
error-insecure-url = Refusing to use { $url }: the payment service must be reached over https://
error-bad-url = The { $which } address is not valid: { $url }
error-missing-credential = No { $which } is set up for this profile. Add it in Settings or set the environment variable
error-setup = Could not prepare the connection: { $detail }
error-outcome-unknown = The payment service { $happened }. The { $operation } may or may not have been done: check its status before trying again
error-outcome-retry = The payment service { $happened } ({ $operation }). Try again
hint-may-have-been-done = It may have been done: check its status before trying again
hint-may-or-may-not = It may or may not have been done: check its status before trying again
hint-try-later = Try again later
error-below-minimum = The amount is below the smallest the payment service takes with this method ({ $minimum }). Enter { $minimum } or more
error-below-unknown-minimum = The payment service has no fee for this amount with this method: it is below the method's minimum. Try a larger amount or another method

## operations
operation-register = registration
operation-list-methods = payment method list
operation-generate-resource = payment resource
operation-checkout = checkout
operation-request-otp = one-time code request
operation-add-account = bank account addition
operation-delete-account = bank account removal
operation-create-payment-link = payment link
operation-create-method-payment = payment
operation-payment-status = status check
operation-payment-features = bank list
operation-instant-banks = bank lookup
operation-withdraw = payout
operation-balance = balance check
operation-simulate-notification = notification simulation
operation-transaction-token = transaction token

## payment states
state-rejected = rejected
state-pending = pending
state-approved = approved
state-failed = failed
state-cancelled = cancelled
state-processing = processing
state-other = unknown state ({ $id })

## cli: status
cli-status-state = State
cli-status-amount = Amount
cli-status-cost = Cost
cli-status-date = Date
cli-status-method = Method
cli-status-provider = Provider
cli-status-still = { $reference } is still { $state } after { $seconds } s; check again later
cli-trying-again = { $error }; trying again

## settings
settings-title = Settings
settings-language = Language
settings-appearance = Appearance
settings-theme-system = Follow the system
settings-theme-light = Light
settings-theme-dark = Dark

## cli: output
cli-nothing-sent = Nothing was sent. Please fix:
cli-error-code = code { $code }
cli-service-said = service said: { $message }
