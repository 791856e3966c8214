// For apps that build with Gradle: the same sources as `make sdk-kotlin`
// (which builds them with Debian's kotlinc, no Gradle needed), in the layout
// an Android or JVM module uses. The library needs only kotlinx-coroutines.
plugins {
    kotlin("jvm") version "1.9.24"
    `java-library`
}

group = "com.verity"
version = "1.0.0"

repositories { mavenCentral() }

dependencies {
    api("org.jetbrains.kotlinx:kotlinx-coroutines-core:1.7.3")
    testImplementation("org.junit.jupiter:junit-jupiter:5.9.2")
}

kotlin { jvmToolchain(17) }

tasks.test {
    useJUnitPlatform()
    // The live tests need a server (scripts/sdk-tests.sh starts one and sets VERITY_TEST_URL).
    if (System.getenv("VERITY_TEST_URL") == null) exclude("com/verity/sdk/live/**")
}
