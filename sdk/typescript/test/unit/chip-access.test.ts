// The key an app opens the chip with (BAC/PACE), against ICAO 9303's own worked examples.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { chipAccessKey, chipAccessKeyFromMRZ } from '../../src/index.js'

test('ICAO 9303 part 11: the worked example gives its MRZ information', () => {
  assert.equal(chipAccessKey('L898902C', '1969-08-06', '1994-06-23')?.mrzKey, 'L898902C<369080619406236')
})

test('a passport\'s lines give the same key as its fields', () => {
  const lines = ['P<USASMITH<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<<', 'P0011832<0USA7502282M3205172<<<<<<<<<<<<<<<8']
  assert.deepEqual(chipAccessKeyFromMRZ(lines), chipAccessKey('P0011832', '1975-02-28', '2032-05-17'))
  assert.equal(chipAccessKeyFromMRZ(lines)?.mrzKey, 'P0011832<075022823205172')
})

test('a card\'s long document number is read from its overflow', () => {
  const rest = ['7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<']
  assert.equal(chipAccessKeyFromMRZ(['I<UTOD231458907<<<<<<<<<<<<<<<', ...rest])?.mrzKey, 'D23145890774081221204159')
  const long = chipAccessKeyFromMRZ(['I<UTOD23145890<7349<<<<<<<<<<<', ...rest])
  assert.equal(long?.documentNumber, 'D23145890734')
  assert.equal(long?.mrzKey, 'D23145890734974081221204159')
})

test('what cannot be an MRZ\'s is refused', () => {
  assert.equal(chipAccessKey('', '1975-02-28', '2032-05-17'), undefined)
  assert.equal(chipAccessKey('P001 1832', '1975-02-28', '2032-05-17'), undefined)
  assert.equal(chipAccessKey('P0011832', '28/02/1975', '2032-05-17'), undefined)
  assert.equal(chipAccessKeyFromMRZ(['P<USASMITH<<JOHN', 'P0011832<0']), undefined)
})
