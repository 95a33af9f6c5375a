
## rules
rule-amount-positive = el valor debe ser mayor que $ 0
rule-reference-empty = escriba una referencia
rule-at-most = máximo { $max } caracteres (este tiene { $count })
rule-no-line-breaks = quite los saltos de línea y tabulaciones
duration-one-day = 1 día
duration-days = { $days } días
rule-cellphone-empty = escriba un número de celular
rule-digits-only = use solo dígitos
rule-cellphone-shape = un celular colombiano tiene 10 dígitos y empieza por 3, como 300 123 4567
rule-otp-reason = elija un motivo del 1 al 5 (1 retiro, 2 inscribir cuenta, 3 eliminar cuenta, 4 QR de 2FA, 5 PIN)
rule-otp-empty = escriba el código que llegó a su celular
rule-otp-shape = el código tiene de 4 a 8 dígitos
rule-required = este campo es obligatorio
rule-email = escriba un correo como nombre@ejemplo.com
rule-document-empty = escriba el número de documento
rule-document-shape = use solo los dígitos del documento (de 3 a 15)
rule-person-type = use natural (0) para una persona o jurídica (1) para una empresa
rule-document-for-person = para este tipo de persona use uno de { $allowed }
rule-one-of = use uno de { $allowed }
rule-positive-id = elija un identificador válido (mayor que 0)
rule-withdraw-method = use 160 (retiro en línea), 245 (dispersión como producto) o 264 (llave Bre-B)
rule-breb-key-empty = escriba la llave Bre-B, como @TIENDA123
rule-breb-key-shape = use una llave Bre-B: @ y de 3 a 30 letras o dígitos, un celular, un correo o un número de documento
rule-withdrawal-ceiling = los retiros en línea son de máximo { $ceiling }
rule-password-short = use al menos 8 caracteres
rule-password-mismatch = las contraseñas no coinciden
rule-key-value = escriba CLAVE=VALOR, como Nombre=Ana (se recibió { $text })

## rules: addresses
rule-url-empty = escriba una dirección web
rule-url-host = a la dirección le falta el nombre del servidor
rule-webhook-empty = escriba la dirección https:// a la que el servicio envía las notificaciones (un perfil puede guardar una por defecto)
rule-webhook-loopback = el servicio no puede llegar a la dirección propia de este computador: use su dirección pública https:// de notificaciones
rule-url-full = escriba una dirección web completa que empiece por https://, como https://tienda.ejemplo/webhook
rule-url-https = la dirección debe empezar por https:// (http sin s es solo para este computador)

## money
amount-empty = escriba un valor
amount-not-a-number = use solo dígitos, como 25000 o 25.000
amount-has-cents = use pesos enteros, sin centavos
amount-too-large = el valor es demasiado grande

## service errors
refusal-session-ended = Su sesión con el servicio de pagos terminó. Inicie sesión de nuevo para continuar
refusal-not-permitted = Su cuenta no tiene permiso para esto. Pida al servicio de pagos que lo habilite
refusal-method-type = No hay un medio de pago de ese tipo
refusal-cost = El servicio de pagos no puede cobrar este valor con este medio. Pruebe un valor mayor u otro medio de pago
refusal-in-progress = Este pago ya tiene una transacción en proceso o terminada. Cree un pago nuevo
error-unreachable = No se pudo conectar con el servicio de pagos en { $host }. Revise la conexión a internet y reintente
error-timed-out = no respondió a tiempo
error-connection-lost = cerró la conexión antes de responder
error-malformed = El servicio de pagos envió una respuesta que paydesk no pudo leer (HTTP { $status }).
error-insecure-url = No se usará { $url }: al servicio de pagos se llega solo por https://
error-bad-url = La dirección ({ $which }) no es válida: { $url }
error-missing-credential = Este perfil no tiene { $which }. Agréguelo en Configuración o en la variable de entorno
error-setup = No se pudo preparar la conexión: { $detail }
error-outcome-unknown = El servicio de pagos { $happened }. Puede que la operación ({ $operation }) se haya hecho o no: consulte su estado antes de reintentar
error-outcome-retry = El servicio de pagos { $happened } ({ $operation }). Reintente
hint-may-have-been-done = Puede que se haya hecho: consulte su estado antes de reintentar
hint-may-or-may-not = Puede que se haya hecho o no: consulte su estado antes de reintentar
hint-try-later = Reintente más tarde
error-below-minimum = El valor es menor que el mínimo que el servicio de pagos acepta con este medio ({ $minimum }). Escriba { $minimum } o más
error-below-unknown-minimum = El servicio de pagos no tiene comisión para este valor con este medio: es menor que el mínimo. Pruebe un valor mayor u otro medio de pago

## operations
operation-register = registro
operation-list-methods = lista de medios de pago
operation-generate-resource = código de pago
operation-checkout = pago en línea
operation-request-otp = solicitud de código de verificación
operation-add-account = inscripción de cuenta bancaria
operation-delete-account = eliminación de cuenta bancaria
operation-create-payment-link = link de pago
operation-create-method-payment = pago
operation-payment-status = consulta de estado
operation-payment-features = lista de bancos
operation-instant-banks = consulta de bancos
operation-withdraw = dispersión
operation-balance = consulta de saldo
operation-simulate-notification = simulación de notificación
operation-transaction-token = token de transacción

## payment states
state-rejected = rechazado
state-pending = pendiente
state-approved = aprobado
state-failed = fallido
state-cancelled = cancelado
state-processing = en proceso
state-other = estado desconocido ({ $id })

## cli: status
cli-status-state = Estado
cli-status-amount = Valor
cli-status-cost = Comisión
cli-status-date = Fecha
cli-status-method = Medio de pago
cli-status-provider = Proveedor
cli-status-still = { $reference } sigue { $state } después de { $seconds } s; consulte más tarde
cli-trying-again = { $error }; reintentando

## settings
settings-title = Configuración
settings-language = Idioma
settings-appearance = Apariencia
settings-theme-system = Como el sistema
settings-theme-light = Claro
settings-theme-dark = Oscuro

## cli: output
cli-nothing-sent = No se envió nada. Corrija:
cli-error-code = código { $code }
cli-service-said = el servicio dijo: { $message }
