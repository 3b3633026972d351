// Every enumeration the service spec lists, in one place, as const tuples so that both the
// TypeScript types and the runtime schemas come from the same values.

export const ENVIRONMENTS = ['production', 'test', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const NETWORKS = [
  'VENDORNET',
  'PEPPOL',
  'BANK',
  'SCAN',
  'SCAN_DOCUMENTS',
  'XSCANNER',
  'RECEIVABLES',
  'OPERATORX',
  'NATIONALNET',
  'OPERATORY',
] as const;
export type Network = (typeof NETWORKS)[number];

/** Profile names the spec lists; INVOICE and CREDIT_NOTE are deprecated but still answered. */
export const PROFILES = [
  'INVOICE_AND_CREDIT_NOTE',
  'ORDER',
  'ORDER_RESPONSE',
  'CATALOGUE',
  'CATALOGUE_RESPONSE',
  'DESPATCH_ADVICE',
  'REMINDER',
  'INVOICE_RESPONSE',
  'MESSAGE_LEVEL_RESPONSE',
  'VOUCHER',
  'INVOICE',
  'CREDIT_NOTE',
] as const;
export type Profile = (typeof PROFILES)[number];

/** Profiles that need a profile_version (PEPPOLBIS30 or EHF30). */
export const VERSIONED_PROFILES = ['ORDER', 'ORDER_RESPONSE', 'CATALOGUE', 'CATALOGUE_RESPONSE', 'DESPATCH_ADVICE', 'REMINDER'] as const;
/** Profiles fixed to PEPPOLBIS30. */
export const PEPPOLBIS_ONLY_PROFILES = ['INVOICE_RESPONSE', 'MESSAGE_LEVEL_RESPONSE'] as const;
export const DEPRECATED_PROFILES = ['INVOICE', 'CREDIT_NOTE'] as const;

export const PROFILE_VERSIONS = ['PEPPOLBIS30', 'EHF30'] as const;
export type ProfileVersion = (typeof PROFILE_VERSIONS)[number];

/** Markets where each Peppol document profile may be registered. */
export const VERSIONED_PROFILE_MARKETS = ['FI', 'NO', 'SE', 'DK', 'NL'] as const;
export const RESPONSE_PROFILE_MARKETS = ['FI', 'NO', 'SE', 'DK', 'NL', 'BE'] as const;

/** Default Peppol scheme (ISO 6523) by country; the Netherlands accepts 0106 or 9944. */
export const DEFAULT_SCHEME_BY_COUNTRY: Readonly<Record<string, readonly string[]>> = {
  NO: ['0192'],
  SE: ['0007'],
  FI: ['0216'],
  DK: ['0182'],
  NL: ['0106', '9944'],
  DE: ['9930'],
  BE: ['0208'],
  EE: ['9931'],
};

export const INVOICE_EXTENSIONS = ['GACCOUNT10'] as const;

export const REGISTRATION_STATUSES = ['pending', 'active', 'error'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const DOCUMENT_TYPES = [
  'UNKNOWN',
  'INVOICE',
  'CREDIT_NOTE',
  'ORDER',
  'ORDER_RESPONSE',
  'CATALOGUE',
  'CATALOGUE_RESPONSE',
  'SELF_BILLING_INVOICE',
  'DESPATCH_ADVICE',
  'RECEIPT',
  'VOUCHER',
  'BANK_FILE',
  'REMINDER',
  'SCAN',
  'INVOICE_RESPONSE',
  'MESSAGE_LEVEL_RESPONSE',
  'EXPRESSION_OF_INTEREST_REQUEST',
  'EXPRESSION_OF_INTEREST_RESPONSE',
  'TENDER_STATUS_REQUEST',
  'CALL_FOR_TENDERS',
  'TENDER',
  'TENDER_RECEIPT',
  'ORDER_CHANGE',
  'ORDER_CANCELLATION',
  'SELF_BILLING_CREDIT_NOTE',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_STATUSES = ['RESERVED', 'PROCESSING', 'DELIVERED', 'CONFIRMED_DELIVERY', 'FAILED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_FINAL_STATUSES: readonly DocumentStatus[] = ['CONFIRMED_DELIVERY', 'FAILED'];
export const DOCUMENT_SORT_FIELDS = ['id', 'type', 'status', 'number', 'reference', 'created_at', 'received_at'] as const;
export const DOCUMENT_FILE_TYPES = ['PRIMARY_FILE', 'ATTACHMENT', 'OTHER'] as const;
export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number];

export const DIRECTIONS = ['RECEIVED', 'SENT'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Invoice statuses: the schema's PENDING, DELIVERED, FAILED plus SENT (prevent_routing). */
export const INVOICE_STATUSES = ['PENDING', 'SENT', 'DELIVERED', 'FAILED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_ORIGINS = ['INTERNAL', 'EXTERNAL', 'SCAN'] as const;
export const INVOICE_ACTION_TYPES = ['RECEIVED', 'CREATED', 'SENT', 'DELIVERED', 'INFO', 'ERROR'] as const;
export type InvoiceActionType = (typeof INVOICE_ACTION_TYPES)[number];
export const INVOICE_ACTION_CHANNELS = ['EINVOICE', 'PRINT', 'SCAN', 'EMAIL'] as const;
export type InvoiceActionChannel = (typeof INVOICE_ACTION_CHANNELS)[number];
export const INVOICE_EVENT_STATES = ['CREATED', 'HANDLED'] as const;
export type InvoiceEventState = (typeof INVOICE_EVENT_STATES)[number];
export const INVOICE_SORT_FIELDS = ['received_at'] as const;

export const RETURN_FORMATS = [
  'VISMAXML60',
  'PEPPOLBIS30',
  'SIUBL20',
  'VISMAUBL30',
  'FINVOICE30',
  'TEAPPS30',
  'OIOUBL21',
  'ORIGINAL_IMAGE',
  'GENERATED_IMAGE',
  'ORIGINAL_OR_GENERATED_IMAGE',
  'EXTENDED_DETAILS',
] as const;
export type ReturnFormat = (typeof RETURN_FORMATS)[number];
export const IMAGE_RETURN_FORMATS: readonly ReturnFormat[] = ['ORIGINAL_IMAGE', 'GENERATED_IMAGE', 'ORIGINAL_OR_GENERATED_IMAGE'];

export const UPLOAD_FORMATS = ['FINVOICE30', 'PEPPOLBIS30', 'EHF30', 'TEAPPS30', 'SVEFAKTURA10', 'OIOUBL'] as const;

/** The source formats the sandbox recognises when it parses an invoice file. */
export const SOURCE_FORMATS = ['PEPPOLBIS30', 'EHF30', 'UBL21', 'CII', 'FINVOICE30', 'UNKNOWN'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

export const ROUTE_ORDER_VALUES = ['netbank_cvl', 'netbank_cvl_hold'] as const;
/** The two route_order values deprecated since 05/2022: still taken, never offered first. */
export const DEPRECATED_CONSUMER_ROUTES = ROUTE_ORDER_VALUES;
/**
 * `route_order` values, Norwegian consumers' routes. The spec names the deprecated two; the consumer
 * lookup names dpi and yes2all; the rest are the sandbox's choice (sandbox/README.md). The app's
 * folder options, its upload and the sandbox all take exactly these.
 */
export const CONSUMER_ROUTES = ['efaktura', 'vipps', 'dpi', 'yes2all', 'email', 'print', ...ROUTE_ORDER_VALUES] as const;
export type ConsumerRoute = (typeof CONSUMER_ROUTES)[number];
/**
 * `recipient_type` values: the spec names `consumer` alone (Norway; it enables route_order), and
 * leaving the field out is the default. No other value is known to be taken, so none is offered.
 */
export const RECIPIENT_TYPES = ['consumer'] as const;
/** `disabled_routes` values: the delivery routes a sent invoice can take (the spec's channels; sandbox choice of names). */
export const INVOICE_ROUTES = ['einvoice', 'email', 'print'] as const;

export const SETTINGS_SECTIONS = [
  'details',
  'address',
  'invoice_notifications',
  'send_invoice_email',
  'send_invoice_print',
  'send_invoice_general',
  'logos',
  'email_reports',
  'billing_details',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
export const SEND_EMAIL_HOW_TO_SEND = ['EMBEDDED', 'WITH_OBJECTIONS', 'WITH_LINK', 'EMBEDDED_MERGE'] as const;
export const REPORT_INTERVALS = ['off', 'daily', 'weekly', 'monthly'] as const;
/** Values beyond the spec's single example are the sandbox's choice (sandbox/README.md). */
export const LETTER_CLASSES = ['ECONOMY', 'PRIORITY'] as const;
export const COLOR_SCHEMES = ['BLACK_AND_WHITE', 'COLOR'] as const;
export const ON_RECEIVING_HOW_TO_SEND = ['OTHER_EMAIL', 'USER_EMAIL'] as const;

export const AUTH_STATES = ['PENDING', 'SENT', 'SIGNED', 'CANCELED', 'NONE'] as const;
export type AuthState = (typeof AUTH_STATES)[number];
export const COMPANY_STATES = ['VERIFIED', 'UNVERIFIED', 'UNKNOWN'] as const;
export type CompanyState = (typeof COMPANY_STATES)[number];

export const NOTIFICATION_DESTINATION_TYPES = ['WEBHOOK', 'VENDOR_WEBHOOK'] as const;

export const EVENT_NAMES = [
  'DOCUMENTS.*.DELIVERED',
  'DOCUMENTS.*.DELIVERY_CONFIRMED',
  'DOCUMENTS.*.FAILED',
  'DOCUMENTS.*.RECEIVED',
  'NETWORKS.*.CREATED',
  'NETWORKS.*.ENABLED',
  'NETWORKS.*.DISABLED',
  'COMPANIES.AUTHORIZATION.VERIFIED',
  'COMPANIES.AUTHORIZATION.UNVERIFIED',
  'COMPANIES.AUTHORIZATION.UNKNOWN',
  'UNACKNOWLEDGED_WEBHOOKS',
] as const;

export const DETECT_CHECKS = ['SUPPLIER_ACTIVATION', 'BANK_ACCOUNT_CHANGED', 'SENDER_BID_STATUS', 'SENDER_WARNING_LIST', 'VAT'] as const;
export type DetectCheck = (typeof DETECT_CHECKS)[number];
export const DETECT_STATUSES = ['OK', 'DISABLED', 'WARN'] as const;
export type DetectStatus = (typeof DETECT_STATUSES)[number];
export const ANALYSIS_STATUSES = ['NOT_APPLICABLE', 'RUN_FAILED', 'PENDING', 'RUN_SUCCESSFUL'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];
export const ANALYSIS_RESULTS = ['NOT_APPLICABLE', 'FAILED', 'WARNING', 'OK'] as const;
export type AnalysisResult = (typeof ANALYSIS_RESULTS)[number];
export const DETECT_CHECK_ATTRIBUTES = [
  'name',
  'friendly_name',
  'friendly_names',
  'title',
  'titles',
  'description',
  'descriptions',
  'doc_description',
  'resource_type',
  'scope',
  'scopes',
  'sources',
  'metadata',
  'possible_results',
] as const;

/** Reason codes per check and result, exactly as the spec's table lists them (PENDING included). */
export const DETECT_REASON_CODES: Readonly<Record<DetectCheck, Readonly<Record<string, readonly string[]>>>> = {
  SUPPLIER_ACTIVATION: {
    NOT_APPLICABLE: ['SUPPLIER_ACTIVATION_NOT_AN_INVOICE', 'SUPPLIER_ACTIVATION_INVOICE_NOT_FROM_SCAN'],
    FAILED: ['SUPPLIER_ACTIVATION_FAILED'],
    PENDING: ['SUPPLIER_ACTIVATION_PENDING'],
    WARNING: ['SUPPLIER_ACTIVATION_INVALID_INPUT', 'SUPPLIER_ACTIVATION_COMPANY_CAN_SEND_ELECTRONIC'],
    OK: ['SUPPLIER_ACTIVATION_COMPANY_CAN_ONLY_SEND_SCAN'],
  },
  BANK_ACCOUNT_CHANGED: {
    NOT_APPLICABLE: ['BANK_ACCOUNT_CHANGED_NOT_AN_INVOICE', 'BANK_ACCOUNT_CHANGED_NO_BANK_ACCOUNTS'],
    FAILED: ['BANK_ACCOUNT_CHANGED_FAILED'],
    PENDING: ['BANK_ACCOUNT_CHANGED_PENDING'],
    WARNING: ['BANK_ACCOUNT_CHANGED_INVALID_INPUT', 'BANK_ACCOUNT_CHANGED_UNKNOWN', 'BANK_ACCOUNT_CHANGED_CHANGED'],
    OK: ['BANK_ACCOUNT_CHANGED_NOT_CHANGED'],
  },
  SENDER_BID_STATUS: {
    NOT_APPLICABLE: ['SENDER_BID_STATUS_NOT_AN_INVOICE', 'SENDER_BID_STATUS_COUNTRY_NOT_SUPPORTED'],
    FAILED: ['SENDER_BID_STATUS_FAILED'],
    PENDING: ['SENDER_BID_STATUS_PENDING'],
    WARNING: [
      'SENDER_BID_STATUS_NOT_FOUND',
      'SENDER_BID_STATUS_INVALID_BID',
      'SENDER_BID_STATUS_NOT_FOUND_NO_BID',
      'SENDER_BID_STATUS_INACTIVE',
      'SENDER_BID_STATUS_UNDER_LIQUIDATION',
      'SENDER_BID_STATUS_UNDER_REORGANIZATION',
      'SENDER_BID_STATUS_BANKRUPT',
      'SENDER_BID_STATUS_ON_HOLD',
      'SENDER_BID_STATUS_PREPAYMENT_REGISTER_NOT_FOUND',
    ],
    OK: ['SENDER_BID_STATUS_PREPAYMENT_REGISTER_FOUND', 'SENDER_BID_STATUS_FOUND'],
  },
  SENDER_WARNING_LIST: {
    NOT_APPLICABLE: ['SENDER_WARNING_LIST_NOT_AN_INVOICE'],
    FAILED: ['SENDER_WARNING_LIST_FAILED'],
    PENDING: ['SENDER_WARNING_LIST_PENDING'],
    WARNING: ['SENDER_WARNING_LIST_INVALID_INPUT', 'SENDER_WARNING_LIST_FOUND', 'SENDER_WARNING_LIST_USER_REPORTED_FOUND'],
    OK: ['SENDER_WARNING_LIST_NOT_FOUND'],
  },
  VAT: {
    NOT_APPLICABLE: ['VAT_NOT_AN_INVOICE', 'VAT_NO_VAT_CHARGED'],
    FAILED: ['VAT_FAILED'],
    PENDING: ['VAT_PENDING'],
    WARNING: ['VAT_INVALID_INPUT', 'VAT_COMPANY_NOT_REGISTERED'],
    OK: ['VAT_COMPANY_REGISTERED'],
  },
};

export const ATG_AGREEMENT_STATUSES = ['INACTIVE', 'ACTIVE', 'PENDING'] as const;
export const ATG_MANDATE_STATUSES = ['ACTIVE', 'PENDING', 'DELETED'] as const;

export const BANK_MESSAGE_TYPES = ['SI', 'RI', 'RP'] as const;
export type BankMessageType = (typeof BANK_MESSAGE_TYPES)[number];
export const BANK_MESSAGE_KINDS = ['ri', 'sent', 'error'] as const;
export type BankMessageKind = (typeof BANK_MESSAGE_KINDS)[number];
export const BANK_MESSAGE_STATUSES = ['OK', 'ERROR'] as const;

export const LOOKUP_NETWORKS = ['PEPPOL', 'INTERNAL', 'EXTERNAL'] as const;
export const CONSUMER_LOOKUP_ROUTES = ['dpi', 'yes2all'] as const;
