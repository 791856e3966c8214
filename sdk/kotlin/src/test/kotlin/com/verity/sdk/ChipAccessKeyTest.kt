package com.verity.sdk

import com.verity.sdk.identity.ChipAccessKey
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

/** The key an app opens the chip with (BAC/PACE), against ICAO 9303's own worked examples. */
class ChipAccessKeyTest {
    @Test
    fun icaoPart11sWorkedExampleGivesItsMrzInformation() {
        assertEquals("L898902C<369080619406236", ChipAccessKey.of("L898902C", "1969-08-06", "1994-06-23")?.mrzKey)
    }

    @Test
    fun aPassportsLinesGiveTheSameKeyAsItsFields() {
        val lines = listOf("P<USASMITH<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "P0011832<0USA7502282M3205172<<<<<<<<<<<<<<<8")
        assertEquals(ChipAccessKey.of("P0011832", "1975-02-28", "2032-05-17"), ChipAccessKey.fromMrz(lines))
        assertEquals("P0011832<075022823205172", ChipAccessKey.fromMrz(lines)?.mrzKey)
    }

    @Test
    fun aCardsLongDocumentNumberIsReadFromItsOverflow() {
        val rest = listOf("7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<")
        assertEquals("D23145890774081221204159", ChipAccessKey.fromMrz(listOf("I<UTOD231458907<<<<<<<<<<<<<<<") + rest)?.mrzKey)
        val long = ChipAccessKey.fromMrz(listOf("I<UTOD23145890<7349<<<<<<<<<<<") + rest)
        assertEquals("D23145890734", long?.documentNumber)
        assertEquals("D23145890734974081221204159", long?.mrzKey)
    }

    @Test
    fun whatCannotBeAnMrzsIsRefused() {
        assertNull(ChipAccessKey.of("", "1975-02-28", "2032-05-17"))
        assertNull(ChipAccessKey.of("P001 1832", "1975-02-28", "2032-05-17"))
        assertNull(ChipAccessKey.of("P0011832", "28/02/1975", "2032-05-17"))
        assertNull(ChipAccessKey.fromMrz(listOf("P<USASMITH<<JOHN", "P0011832<0")))
    }
}
