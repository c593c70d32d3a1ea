import type React from 'react';
import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import {
  ADDRESS_URL, MY_ORDERS_URL, type AddressErrors, type AddressField, type AddressView, type CarrierView, type CountryOption,
  type OrderStatus, type OrderSummary, type StateOption, packCountries,
} from '../../common/checkout-schemas';
import { CART_URL, formatMoney } from '../../common/shop-schemas';
import AddressFormIsland from '../islands/address-form';
import CarrierSelectIsland from '../islands/carrier-select';
import OrderStatusIsland from '../islands/order-status';
import PaymentFormIsland from '../islands/payment-form';

const STEPS = ['Review Order', 'Address', 'Shipping', 'Payment', 'Confirmation'] as const;

/** The checkout's steps, the current one marked for assistive technology too. */
function Steps({ current }: { current: (typeof STEPS)[number] }) {
  const _t = useT();
  return (
    <nav aria-label={_t('Checkout steps')} className="mb-4">
      <ol className="list-inline small mb-0 shop-steps">
        {STEPS.map((s, i) => (
          <li key={s} className={`list-inline-item${s === current ? ' fw-semibold text-primary' : ' text-body-secondary'}`} aria-current={s === current ? 'step' : undefined}>
            {i > 0 ? <span aria-hidden="true" className="me-2">›</span> : null}{_t(s)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The order's lines and totals (every amount as the server computed it). */
export function OrderLines({ order, heading = true }: { order: OrderSummary; heading?: boolean }) {
  const _t = useT();
  const money = (v: number) => formatMoney(v, order.currency);
  return (
    <div className="card shop-order-summary">
      <div className="card-body">
        {heading ? <h2 className="h5 card-title">{_t('Your order')} <span className="text-body-secondary">{order.name}</span></h2> : null}
        <ul className="list-unstyled mb-3">
          {order.lines.map((l) => (
            <li key={l.id} className="d-flex justify-content-between gap-2 py-1 border-bottom">
              <span><span className="fw-semibold">{l.qty} ×</span> {l.name}</span>
              <span className="text-nowrap">{money(l.subtotal)}</span>
            </li>
          ))}
        </ul>
        <dl className="row mb-0 small">
          <dt className="col-7 fw-normal">{_t('Subtotal')}</dt><dd className="col-5 text-end mb-1" id="order_total_untaxed">{money(order.amountProducts)}</dd>
          <dt className="col-7 fw-normal">{order.carrierName ? `${_t('Shipping')} (${order.carrierName})` : _t('Shipping')}</dt>
          <dd className="col-5 text-end mb-1" id="order_delivery">{order.amountDelivery === 0 ? _t('Free') : money(order.amountDelivery)}</dd>
          <dt className="col-7 fs-6">{_t('Total')}</dt><dd className="col-5 text-end fs-6 fw-bold mb-0" id="order_total">{money(order.amountTotal)}</dd>
        </dl>
      </div>
    </div>
  );
}

function AddressCard({ address, edit }: { address: AddressView; edit: boolean }) {
  const _t = useT();
  return (
    <div className="card mb-4">
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-start">
          <h2 className="h5 card-title">{_t('Billing and shipping address')}</h2>
          {edit ? <a href={ADDRESS_URL} className="btn btn-sm btn-outline-secondary">{_t('Edit')}</a> : null}
        </div>
        <address className="mb-0">
          <strong>{address.name}</strong><br />
          {address.street}<br />
          {[address.zip, address.city].filter(Boolean).join(' ')}<br />
          {[address.stateName, address.countryName].filter(Boolean).join(', ')}<br />
          <span className="text-body-secondary">{address.email} · {address.phone}</span>
        </address>
      </div>
    </div>
  );
}

export interface CheckoutPageProps {
  order: OrderSummary;
  address: AddressView;
  carriers: CarrierView[];
  carrierId: number;
  csrfToken: string;
  error?: string;
  status?: number;
}

function CheckoutBody(p: CheckoutPageProps) {
  const _t = useT();
  return (
    <section className="container py-4 shop-checkout" style={{ maxWidth: 1040 }}>
      <Steps current="Shipping" />
      <h1 className="h2 mb-3">{_t('Checkout')}</h1>
      {p.error ? <div className="alert alert-danger" role="alert">{_t(p.error)}</div> : null}
      <div className="row g-4">
        <div className="col-lg-7">
          <AddressCard address={p.address} edit />
          <CarrierSelectIsland carriers={p.carriers} carrierId={p.carrierId} currency={p.order.currency} csrfToken={p.csrfToken} />
        </div>
        <div className="col-lg-5"><OrderLines order={p.order} /></div>
      </div>
      <p className="mt-3"><a href={CART_URL}>{_t('Back to cart')}</a></p>
    </section>
  );
}

export function checkoutPage(props: CheckoutPageProps) {
  return page('Checkout', <CheckoutBody {...props} />, { status: props.status ?? 200 });
}

export interface AddressPageProps {
  values: Record<AddressField, string>;
  errors: AddressErrors;
  countries: readonly CountryOption[];
  states: readonly StateOption[];
  csrfToken: string;
  status?: number;
}

function AddressBody(p: AddressPageProps) {
  const _t = useT();
  return (
    <section className="container py-4 shop-address" style={{ maxWidth: 760 }}>
      <Steps current="Address" />
      <h1 className="h2 mb-3">{_t('Your address')}</h1>
      <AddressFormIsland values={p.values} errors={p.errors} countries={packCountries(p.countries)} states={p.states} csrfToken={p.csrfToken} />
    </section>
  );
}

export function addressPage(props: AddressPageProps) {
  return page('Your address', <AddressBody {...props} />, { status: props.status ?? 200 });
}

export interface PaymentAcquirerView {
  id: number;
  name: string;
  preMsg: string;
  kind: string;
  testCards?: Record<string, string>;
}

export interface PaymentPageProps {
  order: OrderSummary;
  address: AddressView;
  acquirers: PaymentAcquirerView[];
  csrfToken: string;
  acquirerId?: number;
  error?: string;
  retry?: boolean;
  fieldErrors?: Record<string, string>;
  holderName?: string;
  status?: number;
}

function PaymentBody(p: PaymentPageProps) {
  const _t = useT();
  return (
    <section className="container py-4 shop-payment" style={{ maxWidth: 1040 }}>
      <Steps current="Payment" />
      <h1 className="h2 mb-3">{_t('Payment')}</h1>
      <div className="row g-4">
        <div className="col-lg-7">
          <PaymentFormIsland csrfToken={p.csrfToken} acquirers={p.acquirers} acquirerId={p.acquirerId} error={p.error} retry={p.retry}
            fieldErrors={p.fieldErrors} holderName={p.holderName} />
        </div>
        <div className="col-lg-5">
          <OrderLines order={p.order} />
          <div className="mt-4"><AddressCard address={p.address} edit /></div>
        </div>
      </div>
    </section>
  );
}

export function paymentPage(props: PaymentPageProps) {
  return page('Payment', <PaymentBody {...props} />, { status: props.status ?? 200 });
}

export interface ConfirmationPageProps {
  order: OrderSummary;
  status: OrderStatus;
  signedIn: boolean;
}

function ConfirmationBody(p: ConfirmationPageProps) {
  const _t = useT();
  return (
    <section className="container py-4 shop-confirmation" style={{ maxWidth: 860 }}>
      <Steps current="Confirmation" />
      <h1 className="h2">{_t('Order %s').replace('%s', p.order.name)}</h1>
      <p className="lead">{_t('Thank you for your order.')}</p>
      <OrderStatusIsland orderId={p.order.id} status={p.status} />
      <OrderLines order={p.order} heading={false} />
      <p className="mt-3 d-flex flex-wrap gap-3">
        <a href="/shop">{_t('Continue shopping')}</a>
        {p.signedIn ? <a href={`${MY_ORDERS_URL}/${p.order.id}`}>{_t('See this order in your account')}</a> : null}
      </p>
    </section>
  );
}

export function confirmationPage(props: ConfirmationPageProps) {
  return page('Order %s', <ConfirmationBody {...props} />, { titleArgs: [props.order.name] });
}

function TermsBody() {
  const _t = useT();
  return (
    <section className="container py-4" style={{ maxWidth: 760 }}>
      <h1 className="h2">{_t('Terms and conditions')}</h1>
      <p>{_t('Orders are confirmed once their payment is received. Prices include every tax; shipping is shown before you pay.')}</p>
      <p>{_t('You may return a product within 30 days of its delivery for a full refund.')}</p>
      <p>{_t('Your address is used to deliver your order and to send you its confirmation, nothing else.')}</p>
    </section>
  );
}

export function termsPage() {
  return page('Terms and conditions', <TermsBody />);
}

/** `/my/orders`: the signed-in customer's orders. */
export interface MyOrdersProps {
  orders: Array<{ id: number; name: string; date: string; state: string; stateLabel: string; amountTotal: number; payment: string }>;
  currency: { symbol: string; decimals: number };
}

const STATE_BADGE: Record<string, string> = { draft: 'secondary', sent: 'info', sale: 'success', cancel: 'danger' };

function MyOrdersBody(p: MyOrdersProps) {
  const _t = useT();
  return (
    <section className="container py-4 my-orders" style={{ maxWidth: 960 }}>
      <h1 className="h2 mb-3">{_t('Your orders')}</h1>
      {p.orders.length === 0 ? <div className="alert alert-info">{_t('You have no orders yet.')} <a href="/shop" className="alert-link">{_t('Visit the shop')}</a></div> : (
        <ul className="list-group my-orders-list">
          {p.orders.map((o) => (
            <li key={o.id} className="list-group-item d-flex flex-wrap align-items-center gap-2 py-3">
              <div className="flex-grow-1" style={{ minWidth: 160 }}>
                <a href={`${MY_ORDERS_URL}/${o.id}`} className="fw-semibold">{o.name}</a>
                <div className="small text-body-secondary">{o.date} · {_t(o.payment)}</div>
              </div>
              <span className={`badge text-bg-${STATE_BADGE[o.state] ?? 'secondary'}`}>{_t(o.stateLabel)}</span>
              <span className="fw-semibold text-nowrap text-end" style={{ minWidth: 90 }}>{formatMoney(o.amountTotal, p.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function myOrdersPage(props: MyOrdersProps) {
  return page('Your orders', <MyOrdersBody {...props} />);
}

export interface MyOrderProps {
  order: OrderSummary;
  stateLabel: string;
  date: string;
  payment: string;
  address: AddressView | null;
}

function MyOrderBody(p: MyOrderProps) {
  const _t = useT();
  return (
    <section className="container py-4 my-order" style={{ maxWidth: 960 }}>
      <p><a href={MY_ORDERS_URL}>{_t('Your orders')}</a></p>
      <h1 className="h2">{_t('Order %s').replace('%s', p.order.name)}</h1>
      <p>
        <span className={`badge text-bg-${STATE_BADGE[p.order.state] ?? 'secondary'} me-2`}>{_t(p.stateLabel)}</span>
        <span className="text-body-secondary">{p.date}</span>
      </p>
      <p><strong>{_t('Payment')}:</strong> {_t(p.payment)}</p>
      <div className="row g-4">
        <div className="col-md-7"><OrderLines order={p.order} heading={false} /></div>
        <div className="col-md-5">{p.address ? <AddressCard address={p.address} edit={false} /> : null}</div>
      </div>
    </section>
  );
}

export function myOrderPage(props: MyOrderProps) {
  return page('Order %s', <MyOrderBody {...props} />, { titleArgs: [props.order.name] });
}

